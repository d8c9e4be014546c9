/**
 * spec §8 "API errors": an `errors` array is joined; a field error is shown as a humanized field name
 * before its message (except `base`); an `error` field is the message; the default is
 * 'Something went wrong.'. Field errors are also returned by field, for inline display.
 */
import { z } from 'zod';

export interface ApiErrors {
  message: string;
  fields: Record<string, string>;
}

const bodySchema = z.object({
  errors: z.array(z.union([z.string(), z.object({ field: z.string(), message: z.string() })])).optional(),
  error: z.unknown().optional(),
});

export const DEFAULT_ERROR = 'Something went wrong.';

/** 'password_confirmation' → 'Password confirmation'. */
export function humanizeField(field: string): string {
  const words = field.replace(/_/g, ' ').trim();
  return words.charAt(0).toUpperCase() + words.slice(1);
}

export function parseApiErrors(body: unknown): ApiErrors {
  const parsed = bodySchema.safeParse(body);
  if (!parsed.success) {
    return { message: DEFAULT_ERROR, fields: {} };
  }
  const { errors, error } = parsed.data;
  if (errors && errors.length > 0) {
    const fields: Record<string, string> = {};
    const parts = errors.map((entry) => {
      if (typeof entry === 'string') {
        return entry;
      }
      fields[entry.field] = entry.message;
      return entry.field === 'base' ? entry.message : `${humanizeField(entry.field)} ${entry.message}`;
    });
    return { message: parts.join(', '), fields };
  }
  if (error !== undefined) {
    return { message: typeof error === 'string' ? error : JSON.stringify(error), fields: {} };
  }
  return { message: DEFAULT_ERROR, fields: {} };
}

export async function readApiErrors(response: Response): Promise<ApiErrors> {
  const body: unknown = await response.json().catch(() => null);
  return parseApiErrors(body);
}

/** Only same-site paths: '/~/x' yes; '//evil.com', 'https://evil.com' and '/\\evil' no. */
export function safeRedirectPath(value: string | null | undefined, fallback = '/'): string {
  if (!value || !value.startsWith('/') || value.startsWith('//') || value.startsWith('/\\')) {
    return fallback;
  }
  return value;
}
