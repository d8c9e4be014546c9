import { z } from 'zod';
import { getEnv } from '../env';
import { appFilesInputSchema } from './app-files';
import { chatMessageInputSchema } from './messages';

const title = z.string().max(200);
const visibility = z.enum(['private', 'public']);

/** JSON escaping can double text; leave room for it over the content limit. */
export function maxProjectBodyBytes(): number {
  return getEnv().MAX_PROJECT_BYTES * 2 + 1024 * 1024;
}

export const createProjectBody = z
  .object({
    project: z.object({ title: title.optional(), appFiles: appFilesInputSchema.optional(), visibility: visibility.optional() }).strict().default({}),
  })
  .strict();

export const patchProjectBody = z
  .object({
    project: z
      .object({ appFiles: appFilesInputSchema.optional(), title: title.optional(), visibility: visibility.optional() })
      .strict()
      .refine((project) => Object.keys(project).length > 0, 'project must contain appFiles, title or visibility'),
    editedAt: z.union([z.string().max(64), z.number().finite()]).optional(),
  })
  .strict();

export const forkProjectBody = z
  .object({
    project: z.object({ appFiles: appFilesInputSchema.optional(), title: title.optional() }).strict().optional(),
    // Organizations are not implemented yet; accepted so spec clients can send them.
    owner: z.string().max(200).nullable().optional(),
    provider: z.string().max(200).nullable().optional(),
  })
  .strict();

export const saveMessagesBody = z.object({ messages: z.array(chatMessageInputSchema).max(1000) }).strict();

export const MESSAGES_MAX_BODY_BYTES = 32 * 1024 * 1024;

export const duplicateBody = z
  .object({ fromProjectId: z.string().min(1).max(200), toProjectId: z.string().min(1).max(200) })
  .strict();
