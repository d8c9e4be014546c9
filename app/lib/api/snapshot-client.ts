/**
 * spec §7 snapshot calls. Saving is retried (up to 5 attempts, the delay growing by 500 ms per attempt)
 * because a snapshot is a restore point the user counts on; failures end as 'Failed to save snapshot'
 * and 'Failed to load snapshot' (spec §8).
 */
import { z } from 'zod';
import { type ApiClient, createApiClient } from './fetch-json';
import { ClientError } from './client-errors';

export const SNAPSHOT_SAVE_ATTEMPTS = 5;
export const SNAPSHOT_RETRY_STEP_MS = 500;
export const SAVE_SNAPSHOT_FAILED = 'Failed to save snapshot';
export const LOAD_SNAPSHOT_FAILED = 'Failed to load snapshot';

export const snapshotEntrySchema = z.object({
  type: z.enum(['file', 'folder']),
  content: z.string().optional(),
  isBinary: z.boolean().optional(),
  blobId: z.string().optional(),
});
/** spec §3 Snapshot content: path → entry. */
export type SnapshotFiles = Record<string, z.infer<typeof snapshotEntrySchema>>;
const snapshotFilesSchema: z.ZodType<SnapshotFiles> = z.record(z.string(), snapshotEntrySchema);

export const snapshotSummarySchema = z.object({ messageId: z.string(), createdAt: z.string() });
export type SnapshotSummary = z.infer<typeof snapshotSummarySchema>;

const listSchema = z.object({ snapshots: z.array(snapshotSummarySchema) });
const appliedSchema = z.object({ editedAt: z.string() });

export interface SnapshotClientOptions {
  api?: ApiClient;
  /** Waits between save attempts (replaceable in tests; fake timers work with the default). */
  sleep?: (ms: number) => Promise<void>;
}

export interface SnapshotClient {
  save(projectId: string, messageId: string, files: SnapshotFiles): Promise<SnapshotSummary>;
  list(projectId: string): Promise<SnapshotSummary[]>;
  load(projectId: string, messageId: string): Promise<SnapshotFiles>;
  apply(projectId: string, messageId: string): Promise<{ editedAt: string }>;
}

const defaultSleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/** A refusal that another attempt cannot change (bad input, no access): stop retrying. */
function isFinal(error: unknown): boolean {
  return error instanceof ClientError && error.status !== undefined && error.status >= 400 && error.status < 500 && error.status !== 408 && error.status !== 429;
}

function segment(value: string): string {
  return encodeURIComponent(value);
}

export function createSnapshotClient(options: SnapshotClientOptions = {}): SnapshotClient {
  const api = options.api ?? createApiClient();
  const sleep = options.sleep ?? defaultSleep;

  async function required<T>(value: Promise<T | undefined>, message: string): Promise<T> {
    const result = await value;
    if (result === undefined) throw new Error(message);
    return result;
  }

  return {
    async save(projectId, messageId, files) {
      let lastError: unknown;
      for (let attempt = 1; attempt <= SNAPSHOT_SAVE_ATTEMPTS; attempt++) {
        try {
          return await required(
            api.request('POST', `/api/snapshot/${segment(projectId)}`, {
              body: { id: messageId, snapshot: JSON.stringify(files) },
              schema: snapshotSummarySchema,
            }),
            SAVE_SNAPSHOT_FAILED,
          );
        } catch (error) {
          lastError = error;
          if (isFinal(error) || attempt === SNAPSHOT_SAVE_ATTEMPTS) break;
          await sleep(SNAPSHOT_RETRY_STEP_MS * attempt);
        }
      }
      throw new Error(SAVE_SNAPSHOT_FAILED, { cause: lastError });
    },
    async list(projectId) {
      const body = await required(api.request('GET', `/api/snapshot/${segment(projectId)}`, { schema: listSchema }), LOAD_SNAPSHOT_FAILED);
      return body.snapshots;
    },
    async load(projectId, messageId) {
      try {
        return await required(
          api.request('GET', `/api/snapshot/${segment(projectId)}/${segment(messageId)}`, { schema: snapshotFilesSchema }),
          LOAD_SNAPSHOT_FAILED,
        );
      } catch (error) {
        throw new Error(LOAD_SNAPSHOT_FAILED, { cause: error });
      }
    },
    async apply(projectId, messageId) {
      return required(
        api.request('POST', `/api/snapshot/${segment(projectId)}/apply/${segment(messageId)}`, { schema: appliedSchema }),
        'Failed to apply snapshot',
      );
    },
  };
}
