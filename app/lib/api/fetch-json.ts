/**
 * spec §7 "Authenticated JSON helper": any method to a path under a base URL, JSON in and out, bearer
 * authorization when a token is known, an optional handler per status, typed errors for the rest.
 */
import { type z } from 'zod';
import { ClientError, parseServerErrorPayload } from './client-errors';
import { getApiErrorMessage } from './error-messages';

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/** Handlers for particular statuses; what a handler returns is what the call returns. */
export type StatusHandlers<T> = Partial<Record<number, (response: Response) => T | Promise<T>>>;

export interface ApiClientOptions {
  /** Prefix for every path, e.g. '' (same origin) or 'https://kiln.example'. */
  baseUrl?: string;
  /** The session's bearer token. The browser UI relies on its cookie and may give none. */
  getToken?: () => string | null | undefined | Promise<string | null | undefined>;
  /** spec §6: with auth required and no token, the call is silently skipped (resolves undefined). */
  requireAuth?: boolean;
  fetch?: typeof fetch;
}

export interface ApiRequestOptions<T> {
  body?: unknown;
  /** Validates the JSON answer (every server reply is a boundary). */
  schema?: z.ZodType<T>;
  handlers?: StatusHandlers<T>;
  signal?: AbortSignal;
  headers?: Record<string, string>;
}

export interface ApiClient {
  request<T = unknown>(method: HttpMethod, path: string, options?: ApiRequestOptions<T>): Promise<T | undefined>;
}

/** A non-ok answer: 'api-error' carrying status and body, unless the body is a known client error. */
export async function errorFromResponse(response: Response): Promise<ClientError> {
  const text = await response.text().catch(() => '');
  const parsed = parseServerErrorPayload(text, response.status);
  if (parsed.code !== 'unknown') {
    return parsed;
  }
  return new ClientError('api-error', getApiErrorMessage(parsed.body), {
    status: response.status,
    body: parsed.body,
    isRetryable: response.status >= 500 || response.status === 429,
  });
}

export function createApiClient(options: ApiClientOptions = {}): ApiClient {
  const fetchImpl = options.fetch ?? ((input: RequestInfo | URL, init?: RequestInit) => fetch(input, init));
  const baseUrl = (options.baseUrl ?? '').replace(/\/+$/, '');

  return {
    async request<T>(method: HttpMethod, path: string, request: ApiRequestOptions<T> = {}): Promise<T | undefined> {
      const token = await options.getToken?.();
      if (!token && options.requireAuth) {
        return undefined;
      }
      const headers: Record<string, string> = { 'Content-Type': 'application/json', Accept: 'application/json', ...request.headers };
      if (token) headers.Authorization = `Bearer ${token}`;
      let response: Response;
      try {
        response = await fetchImpl(`${baseUrl}/${path.replace(/^\/+/, '')}`, {
          method,
          headers,
          body: request.body === undefined ? undefined : JSON.stringify(request.body),
          credentials: 'same-origin',
          signal: request.signal,
        });
      } catch (error) {
        if (request.signal?.aborted) throw error;
        throw new ClientError('network-error', `Network error: ${error instanceof Error ? error.message : String(error)}`, {
          isRetryable: true,
          cause: error,
        });
      }
      const handler = request.handlers?.[response.status];
      if (handler) {
        return handler(response);
      }
      if (!response.ok) {
        throw await errorFromResponse(response);
      }
      const text = await response.text();
      if (text.trim() === '') {
        return undefined;
      }
      let json: unknown;
      try {
        json = JSON.parse(text);
      } catch {
        throw new ClientError('bad-server-response', 'The server answered with something that is not JSON.', {
          status: response.status,
          body: text.slice(0, 1000),
        });
      }
      if (!request.schema) {
        return json as T;
      }
      const result = request.schema.safeParse(json);
      if (!result.success) {
        throw new ClientError('bad-server-response', `Unexpected answer from ${method} ${path}`, {
          status: response.status,
          body: json,
        });
      }
      return result.data;
    },
  };
}
