/**
 * spec §7/§9: fetch a CORS token on login and renew it 5 minutes before it expires. Failures are logged
 * as 'CORS Token Error: {message}' and retried a minute later.
 */
import { z } from 'zod';
import { getErrorMessage } from '~/utils/errors';

export const CORS_TOKEN_URL = '/api/token/cors';
export const CORS_REFRESH_BEFORE_EXPIRY_MS = 5 * 60 * 1000;
export const CORS_RETRY_AFTER_FAILURE_MS = 60 * 1000;
/** Never renew more often than this, even if the server hands out nearly expired tokens. */
export const CORS_MIN_RENEW_DELAY_MS = 30 * 1000;

const tokenSchema = z.object({ token: z.string().min(1), expiresAt: z.number() });
const failureSchema = z.object({ errorMessage: z.string() });

export interface CorsToken {
  token: string;
  /** Seconds since the epoch. */
  expiresAt: number;
}

export interface CorsTokenRenewalOptions {
  onToken: (token: CorsToken) => void;
  fetch?: typeof fetch;
  url?: string;
  now?: () => number;
}

export interface CorsTokenRenewal {
  /** Fetch a token now (and reschedule). */
  refresh(): Promise<CorsToken | undefined>;
  stop(): void;
}

async function fetchCorsToken(fetchImpl: typeof fetch, url: string): Promise<CorsToken> {
  const response = await fetchImpl(url, { headers: { Accept: 'application/json' }, credentials: 'same-origin' });
  const body: unknown = await response.json().catch(() => undefined);
  const failure = failureSchema.safeParse(body);
  if (failure.success) {
    throw new Error(failure.data.errorMessage);
  }
  const parsed = tokenSchema.safeParse(body);
  if (!response.ok || !parsed.success) {
    throw new Error(`Unexpected response (status ${response.status})`);
  }
  return parsed.data;
}

/** Start renewing: fetches immediately, then 5 minutes before each expiry. Call stop() on logout. */
export function startCorsTokenRenewal(options: CorsTokenRenewalOptions): CorsTokenRenewal {
  const fetchImpl = options.fetch ?? ((input: RequestInfo | URL, init?: RequestInit) => fetch(input, init));
  const now = options.now ?? Date.now;
  let timer: ReturnType<typeof setTimeout> | undefined;
  let stopped = false;

  function schedule(delayMs: number): void {
    clearTimeout(timer);
    if (!stopped) timer = setTimeout(() => void refresh(), delayMs);
  }

  async function refresh(): Promise<CorsToken | undefined> {
    try {
      const token = await fetchCorsToken(fetchImpl, options.url ?? CORS_TOKEN_URL);
      if (stopped) return undefined;
      options.onToken(token);
      schedule(Math.max(CORS_MIN_RENEW_DELAY_MS, token.expiresAt * 1000 - CORS_REFRESH_BEFORE_EXPIRY_MS - now()));
      return token;
    } catch (error) {
      if (stopped) return undefined;
      console.error(`CORS Token Error: ${getErrorMessage(error)}`);
      schedule(CORS_RETRY_AFTER_FAILURE_MS);
      return undefined;
    }
  }

  void refresh();
  return {
    refresh,
    stop() {
      stopped = true;
      clearTimeout(timer);
    },
  };
}
