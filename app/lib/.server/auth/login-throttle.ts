import { HttpError, UnauthorizedError } from '../http/errors';
import { type SignedIn } from './accounts';

/** Per email+IP, in memory (per web-tier process): enough to slow password guessing on one instance. */
const MAX_FAILURES = 10;
const WINDOW_MS = 15 * 60 * 1000;
const failures = new Map<string, { count: number; resetAt: number }>();

function keyFor(request: Request, email: string): string {
  const ip = request.headers.get('x-forwarded-for')?.split(',')[0]?.trim() ?? '';
  return `${email}|${ip}`;
}

export function assertLoginAllowed(request: Request, email: string, now = Date.now()): void {
  const entry = failures.get(keyFor(request, email));
  if (entry && entry.resetAt > now && entry.count >= MAX_FAILURES) {
    const retryAfter = Math.ceil((entry.resetAt - now) / 1000);
    throw new HttpError(429, ['Too many login attempts. Try again later.'], {}, { 'Retry-After': String(retryAfter) });
  }
}

export function recordLoginFailure(request: Request, email: string, now = Date.now()): void {
  const key = keyFor(request, email);
  const entry = failures.get(key);
  if (!entry || entry.resetAt <= now) {
    failures.set(key, { count: 1, resetAt: now + WINDOW_MS });
  } else {
    entry.count += 1;
  }
  if (failures.size > 10_000) {
    for (const [k, v] of failures) if (v.resetAt <= now) failures.delete(k);
  }
}

/** Log in through the throttle: refused while too many recent failures, failures counted. */
export async function logInThrottled(
  request: Request,
  input: { email: string; password: string },
  login: () => Promise<SignedIn>,
): Promise<SignedIn> {
  assertLoginAllowed(request, input.email);
  try {
    return await login();
  } catch (error) {
    if (error instanceof UnauthorizedError) {
      recordLoginFailure(request, input.email);
    }
    throw error;
  }
}
