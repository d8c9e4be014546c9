/** spec §8 "API errors": turning an API error body into a message for people. */

export const DEFAULT_API_ERROR_MESSAGE = 'Something went wrong.';

type FieldMessage = { field?: string; message: string };

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** Entries of an `errors` array (strings or {field, message}); Rails-style {field: [messages]} maps too. */
function errorEntries(errors: unknown): FieldMessage[] | undefined {
  if (Array.isArray(errors)) {
    return errors.flatMap((entry): FieldMessage[] => {
      if (typeof entry === 'string') return [{ message: entry }];
      if (isRecord(entry) && typeof entry.message === 'string') {
        return [{ field: typeof entry.field === 'string' ? entry.field : undefined, message: entry.message }];
      }
      return [{ message: JSON.stringify(entry) }];
    });
  }
  if (isRecord(errors)) {
    return Object.entries(errors).flatMap(([field, messages]) =>
      (Array.isArray(messages) ? messages : [messages]).map((message) => ({
        field,
        message: typeof message === 'string' ? message : JSON.stringify(message),
      })),
    );
  }
  return undefined;
}

function serialize(value: unknown): string {
  return typeof value === 'string' ? value : JSON.stringify(value);
}

function fallbackMessage(body: unknown): string {
  if (isRecord(body) && 'error' in body && body.error !== undefined && body.error !== null) {
    return serialize(body.error) || DEFAULT_API_ERROR_MESSAGE;
  }
  if (body === undefined || body === null || body === '') {
    return DEFAULT_API_ERROR_MESSAGE;
  }
  return serialize(body) || DEFAULT_API_ERROR_MESSAGE;
}

function fromEntries(body: unknown, format: (entry: FieldMessage) => string, separator: string): string {
  const entries = isRecord(body) ? errorEntries(body.errors) : undefined;
  if (entries) {
    return entries.map(format).join(separator) || DEFAULT_API_ERROR_MESSAGE;
  }
  return fallbackMessage(body);
}

/** 'app_files' → 'App files'. */
export function humanizeField(field: string): string {
  const spaced = field.replace(/_/g, ' ').trim();
  return spaced.charAt(0).toUpperCase() + spaced.slice(1);
}

/** Messages of an `errors` list joined by newlines; else the `error` field; else the whole body. */
export function getApiErrorMessage(body: unknown): string {
  return fromEntries(body, (entry) => entry.message, '\n');
}

/**
 * Messages joined by ', ', each prefixed by its humanized field unless the field is 'base'
 * ('Byte size must be positive'); else the `error` field; else the whole body.
 */
export function getApiErrorSentence(body: unknown): string {
  return fromEntries(
    body,
    (entry) => (entry.field && entry.field !== 'base' ? `${humanizeField(entry.field)} ${entry.message}` : entry.message),
    ', ',
  );
}
