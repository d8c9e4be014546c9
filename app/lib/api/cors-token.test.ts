import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { CORS_REFRESH_BEFORE_EXPIRY_MS, startCorsTokenRenewal } from './cors-token';

const NOW = Date.UTC(2026, 0, 1);

describe('CORS token renewal', () => {
  beforeEach(() => {
    vi.useFakeTimers();
    vi.setSystemTime(NOW);
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('fetches at once and renews 5 minutes before expiry', async () => {
    let n = 0;
    const fetchFn = vi.fn(async () => {
      n += 1;
      return Response.json({ token: `t${n}`, expiresAt: Math.floor(Date.now() / 1000) + 3600 });
    });
    const tokens: string[] = [];
    const renewal = startCorsTokenRenewal({ fetch: fetchFn as unknown as typeof fetch, onToken: (t) => tokens.push(t.token) });
    await vi.advanceTimersByTimeAsync(0);
    expect(tokens).toEqual(['t1']);
    expect(fetchFn).toHaveBeenCalledWith('/api/token/cors', expect.anything());
    await vi.advanceTimersByTimeAsync(3600_000 - CORS_REFRESH_BEFORE_EXPIRY_MS - 1);
    expect(tokens).toEqual(['t1']);
    await vi.advanceTimersByTimeAsync(1);
    expect(tokens).toEqual(['t1', 't2']);
    renewal.stop();
    await vi.advanceTimersByTimeAsync(10 * 3600_000);
    expect(tokens).toEqual(['t1', 't2']);
  });

  it.each([
    { name: 'a 401 errorMessage', response: () => Response.json({ errorMessage: 'Not logged in' }, { status: 401 }), logged: 'CORS Token Error: Not logged in' },
    { name: 'a network failure', response: () => Promise.reject(new TypeError('fetch failed')), logged: 'CORS Token Error: fetch failed' },
  ])('logs $name as "CORS Token Error: …" and retries later', async ({ response, logged }) => {
    // Expected here: take console.error over from the fail-on-console-error setup.
    const consoleError = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const fetchFn = vi.fn(response);
    const onToken = vi.fn();
    const renewal = startCorsTokenRenewal({ fetch: fetchFn as unknown as typeof fetch, onToken });
    await vi.advanceTimersByTimeAsync(0);
    expect(consoleError).toHaveBeenCalledWith(logged);
    expect(onToken).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(60_000);
    expect(fetchFn).toHaveBeenCalledTimes(2);
    expect(consoleError).toHaveBeenCalledTimes(2);
    renewal.stop();
  });
});
