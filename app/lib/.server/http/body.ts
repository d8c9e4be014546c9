import { type z } from 'zod';
import { BadRequestError, type ErrorEntry, TooLargeError, UnsupportedMediaTypeError } from './errors';

/** Default cap for small JSON bodies (auth, tokens, metadata). */
export const DEFAULT_MAX_BODY_BYTES = 64 * 1024;

/** Read the body as text, refusing (413) as soon as it grows past maxBytes, whatever Content-Length claims. */
export async function readBodyText(request: Request, maxBytes: number): Promise<string> {
  const declared = Number(request.headers.get('content-length') ?? NaN);
  if (Number.isFinite(declared) && declared > maxBytes) {
    throw new TooLargeError();
  }
  if (!request.body) {
    return '';
  }
  const reader = request.body.getReader();
  const chunks: Uint8Array[] = [];
  let total = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    total += value.byteLength;
    if (total > maxBytes) {
      await reader.cancel().catch(() => undefined);
      throw new TooLargeError();
    }
    chunks.push(value);
  }
  return Buffer.concat(chunks).toString('utf8');
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
