import { type z } from 'zod';
import { BadRequestError, type ErrorEntry, TooLargeError, UnsupportedMediaTypeError } from './errors';

/** Default cap for small JSON bodies (auth, tokens, metadata). */
export const DEFAULT_MAX_BODY_BYTES = 64 * 1024;

/**
 * Past the limit we keep reading (and discarding) up to this much, so the client gets a clean 413
 * instead of a connection reset while it is still sending; beyond it we stop reading and close.
 */
const DRAIN_LIMIT_BYTES = 64 * 1024 * 1024;

async function discardRest(reader: ReadableStreamDefaultReader<Uint8Array>, alreadyRead: number): Promise<void> {
  let total = alreadyRead;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) return;
    total += value.byteLength;
    if (total > DRAIN_LIMIT_BYTES) {
      await reader.cancel().catch(() => undefined);
      throw new TooLargeError();
    }
  }
}

/** The raw request body; TooLargeError (413) once it grows past maxBytes, whatever Content-Length claims. */
export async function readBodyBytes(request: Request, maxBytes: number): Promise<Uint8Array> {
  if (!request.body) {
    return new Uint8Array(0);
  }
  const reader = request.body.getReader();
  const declared = Number(request.headers.get('content-length') ?? NaN);
  if (Number.isFinite(declared) && declared > DRAIN_LIMIT_BYTES) {
    await reader.cancel().catch(() => undefined);
    throw new TooLargeError();
  }
  const chunks: Uint8Array[] = [];
  let total = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    total += value.byteLength;
    if (total > maxBytes) {
      chunks.length = 0;
      await discardRest(reader, total);
      throw new TooLargeError();
    }
    chunks.push(value);
  }
  return new Uint8Array(Buffer.concat(chunks));
}

/** Read the body as text, refusing (413) once it grows past maxBytes, whatever Content-Length claims. */
export async function readBodyText(request: Request, maxBytes: number): Promise<string> {
  return Buffer.from(await readBodyBytes(request, maxBytes)).toString('utf8');
}

/** zod issues as the spec's `{ field, message }` entries (field is the dotted path; empty → body). */
export function zodErrorEntries(error: z.ZodError): ErrorEntry[] {
  return error.issues.map((issue) => ({ field: issue.path.join('.') || 'body', message: issue.message }));
}

/**
 * Parse a JSON request body against a schema. Wrong Content-Type → 415, too big → 413, malformed JSON
 * or schema mismatch (including unknown fields, with .strict() schemas) → 400. Never a 500.
 */
export async function parseJsonBody<S extends z.ZodTypeAny>(
  request: Request,
  schema: S,
  options: { maxBytes?: number; allowEmpty?: boolean } = {},
): Promise<z.output<S>> {
  const contentType = request.headers.get('content-type') ?? '';
  const text = await readBodyText(request, options.maxBytes ?? DEFAULT_MAX_BODY_BYTES);
  let value: unknown = {};
  if (text.trim() !== '' || !options.allowEmpty) {
    // Requiring JSON also makes cross-origin form posts impossible without a CORS preflight.
    if (!/^application\/json\b/i.test(contentType.trim())) {
      throw new UnsupportedMediaTypeError();
    }
    try {
      value = JSON.parse(text);
    } catch {
      throw new BadRequestError('Malformed JSON body');
    }
  }
  const result = schema.safeParse(value);
  if (!result.success) {
    throw new BadRequestError(zodErrorEntries(result.error));
  }
  return result.data;
}
