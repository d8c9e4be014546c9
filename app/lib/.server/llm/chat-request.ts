import { z } from 'zod';

export const MAX_MESSAGES = 200;
/** Assistant answers can be long (whole files); the body cap (16 MB) bounds the total. */
export const MAX_MESSAGE_CHARS = 4_000_000;
/** Project files sent along with a request, all contents together. */
export const MAX_FILES_TOTAL_CHARS = 5_000_000;
/** Whole body; above this we refuse before parsing. */
export const MAX_BODY_BYTES = 16 * 1024 * 1024;

/** The project's error payload: `{ errors: [...] }` with plain messages or field errors. */
export type ErrorPayloadItem = string | { field: string; message: string };

export const chatRequestSchema = z
  .object({
    messages: z
      .array(
        z.object({
          id: z.string().min(1).max(200),
          role: z.enum(['user', 'assistant']),
          content: z.string().max(MAX_MESSAGE_CHARS, `A message can have at most ${MAX_MESSAGE_CHARS} characters`),
        }),
      )
      .min(1, 'At least one message is required')
      .max(MAX_MESSAGES, `At most ${MAX_MESSAGES} messages are allowed`),
    files: z
      .record(z.string().min(1).max(1024), z.string())
      .optional()
      .refine((files) => !files || Object.values(files).reduce((sum, text) => sum + text.length, 0) <= MAX_FILES_TOTAL_CHARS, {
        message: `Project files can have at most ${MAX_FILES_TOTAL_CHARS} characters in total`,
      }),
    lockedFiles: z.array(z.string().min(1).max(1024)).max(10_000).optional(),
    projectId: z.string().min(1).max(200).optional(),
  })
  .refine((body) => body.messages.at(-1)?.role === 'user', { message: 'The last message must be from the user', path: ['messages'] });

export type ChatRequest = z.infer<typeof chatRequestSchema>;

export type ParsedChatRequest = { ok: true; data: ChatRequest } | { ok: false; errors: ErrorPayloadItem[] };

const tooLarge = `The request body is larger than ${MAX_BODY_BYTES / 1024 / 1024} MB`;

/** Reads at most MAX_BODY_BYTES, so a huge body is refused without buffering all of it. */
async function readBodyText(request: Request): Promise<string | undefined> {
  const declared = Number(request.headers.get('content-length'));
  if (Number.isFinite(declared) && declared > MAX_BODY_BYTES) {
    return undefined;
  }
  if (!request.body) {
    return '';
  }
  const reader = request.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) {
      break;
    }
    size += value.byteLength;
    if (size > MAX_BODY_BYTES) {
      await reader.cancel().catch(() => {});
      return undefined;
    }
    chunks.push(value);
  }
  return Buffer.concat(chunks).toString('utf8');
}

/** Validates a POST /api/chat body. Every failure is a list of readable errors for a 400 answer. */
export async function parseChatRequest(request: Request): Promise<ParsedChatRequest> {
  let text: string | undefined;
  try {
    text = await readBodyText(request);
  } catch {
    return { ok: false, errors: ['The request body could not be read'] };
  }
  if (text === undefined) {
    return { ok: false, errors: [tooLarge] };
  }
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    return { ok: false, errors: ['The request body must be JSON'] };
  }
  const result = chatRequestSchema.safeParse(json);
  if (!result.success) {
    return {
      ok: false,
      errors: result.error.issues.map((issue) =>
        issue.path.length === 0 ? issue.message : { field: issue.path.join('.'), message: issue.message },
      ),
    };
  }
  return { ok: true, data: result.data };
}
