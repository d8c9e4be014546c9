/** spec §3 "Client error object" and §8 "Client error codes": errors the UI can show and maybe retry. */
import { getApiErrorMessage } from './error-messages';

export const CLIENT_ERROR_CODES = [
  'rate-limited',
  'free-user-rate-limited',
  'project-too-big',
  'overloaded',
  'request-too-large',
  'image-too-large',
  'api-error',
  'network-error',
  'usage-blocked',
  'billing-error',
  'content-filter',
  'login-required',
  'unknown',
  'bad-server-response',
  'site-creation-error',
  'site-deployment-error',
  'fix-diff-error',
  'fix-lazy-error',
  'fix-bracket-error',
  'error-reasoning-error',
] as const;
export type ClientErrorCode = (typeof CLIENT_ERROR_CODES)[number];

/** Retryability fixed by spec §8. Codes missing here have none given; the creator decides (default false). */
export const RETRYABLE_BY_CODE: Partial<Record<ClientErrorCode, boolean>> = {
  'rate-limited': true,
  'free-user-rate-limited': true,
  overloaded: true,
  'request-too-large': false,
  'image-too-large': false,
  'usage-blocked': false,
  'billing-error': true,
  'content-filter': false,
  'login-required': false,
  'bad-server-response': true,
  'site-creation-error': true,
  'site-deployment-error': true,
};

/** Extra fields some codes carry (spec §3). */
export interface ClientErrorExtras {
  providerLimitHit?: boolean;
  status?: number;
  body?: unknown;
  error?: string;
  fileContent?: string;
  diff?: string;
}

/** The plain object form (what crosses a wire or a store). */
export interface ClientErrorObject extends ClientErrorExtras {
  code: ClientErrorCode;
  title?: string;
  message: string;
  stack?: string;
  isRetryable: boolean;
}

/** 'bad-server-response' → 'BadServerResponse' */
export function errorNameForCode(code: ClientErrorCode): string {
  return code
    .split('-')
    .map((word) => word.charAt(0).toUpperCase() + word.slice(1))
    .join('');
}

export function isClientErrorCode(value: unknown): value is ClientErrorCode {
  return typeof value === 'string' && (CLIENT_ERROR_CODES as readonly string[]).includes(value);
}

export class ClientError extends Error implements ClientErrorObject {
  readonly code: ClientErrorCode;
  readonly title?: string;
  readonly isRetryable: boolean;
  readonly providerLimitHit?: boolean;
  readonly status?: number;
  readonly body?: unknown;
  readonly error?: string;
  readonly fileContent?: string;
  readonly diff?: string;

  constructor(
    code: ClientErrorCode,
    message: string,
    options: ClientErrorExtras & { title?: string; isRetryable?: boolean; cause?: unknown } = {},
  ) {
    super(message, options.cause === undefined ? undefined : { cause: options.cause });
    this.name = errorNameForCode(code);
    this.code = code;
    this.title = options.title;
    this.isRetryable = RETRYABLE_BY_CODE[code] ?? options.isRetryable ?? false;
    for (const key of ['providerLimitHit', 'status', 'body', 'error', 'fileContent', 'diff'] as const) {
      if (options[key] !== undefined) Object.assign(this, { [key]: options[key] });
    }
  }

  toJSON(): ClientErrorObject {
    const out: ClientErrorObject = { code: this.code, message: this.message, isRetryable: this.isRetryable };
    if (this.title !== undefined) out.title = this.title;
    if (this.stack !== undefined) out.stack = this.stack;
    for (const key of ['providerLimitHit', 'status', 'body', 'error', 'fileContent', 'diff'] as const) {
      if (this[key] !== undefined) Object.assign(out, { [key]: this[key] });
    }
    return out;
  }
}

export function isClientError(value: unknown): value is ClientError {
  return value instanceof ClientError;
}

export const UNKNOWN_ERROR_MESSAGE = 'An unknown error occurred.';

export function badServerResponseMessage(status: number): string {
  return `An unexpected status code ${status} response was received from the server.`;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** A body already shaped like a client error object (spec §3), or undefined. */
function fromKnownShape(value: unknown): ClientError | undefined {
  if (!isRecord(value) || !isClientErrorCode(value.code) || typeof value.message !== 'string') {
    return undefined;
  }
  const optionalString = (key: string) => (typeof value[key] === 'string' ? (value[key] as string) : undefined);
  const error = new ClientError(value.code, value.message, {
    title: optionalString('title'),
    isRetryable: typeof value.isRetryable === 'boolean' ? value.isRetryable : undefined,
    providerLimitHit: typeof value.providerLimitHit === 'boolean' ? value.providerLimitHit : undefined,
    status: typeof value.status === 'number' ? value.status : undefined,
    body: value.body,
    error: optionalString('error'),
    fileContent: optionalString('fileContent'),
    diff: optionalString('diff'),
  });
  const stack = optionalString('stack');
  if (stack !== undefined) error.stack = stack;
  return error;
}

/**
 * spec §5 "Server error payloads": a known client-error shape becomes that error; other JSON becomes
 * 'unknown' (retryable) with the API error message; a body that is not JSON is 'bad-server-response'
 * when a status is known, else 'unknown' with 'An unknown error occurred.'.
 */
export function parseServerErrorPayload(body: string | undefined, status?: number): ClientError {
  let parsed: unknown;
  let parseable = false;
  if (body !== undefined && body.trim() !== '') {
    try {
      parsed = JSON.parse(body);
      parseable = true;
    } catch {
      parseable = false;
    }
  }
  if (parseable) {
    const known = fromKnownShape(parsed) ?? (isRecord(parsed) ? fromKnownShape(parsed.error) : undefined);
    if (known) return known;
    return new ClientError('unknown', getApiErrorMessage(parsed), { isRetryable: true, status, body: parsed });
  }
  if (status !== undefined) {
    return new ClientError('bad-server-response', badServerResponseMessage(status), { status, body: body ?? '' });
  }
  return new ClientError('unknown', UNKNOWN_ERROR_MESSAGE, { isRetryable: true });
}
