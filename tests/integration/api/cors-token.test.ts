import { beforeAll, describe, expect, it, vi } from 'vitest';
import { startCorsTokenRenewal } from '~/lib/api/cors-token';
import { verifyCorsToken } from '~/lib/.server/cors-token';
import { anonymous, ApiClient, backends, signUp, useKiln } from './support';

// Must match the SESSION_SECRET that tests/support/kiln-server.ts gives the server.
const SECRET = 'integration-test-secret-0123456789';

type Caller = 'anonymous' | 'other user' | 'owner' | 'owner token' | 'revoked token';

for (const backend of backends) {
  describe.skipIf(backend.skip)(`GET /api/token/cors on ${backend.name}`, () => {
    const kiln = useKiln(backend);
    let callers: Record<Caller, ApiClient>;
    let ownerId: string;

    beforeAll(async () => {
      const { client: owner, user } = await signUp(kiln, 'c_owner');
      const { client: other } = await signUp(kiln, 'c_other');
      ownerId = user.id;
      const live = (await owner.post('/api/tokens', { name: 'live' })).body as { token: string };
      const revoked = (await owner.post('/api/tokens', { name: 'revoked' })).body as { id: string; token: string };
      await owner.delete(`/api/tokens/${revoked.id}`);
      callers = {
        anonymous: anonymous(kiln),
        'other user': other,
        owner,
        'owner token': new ApiClient(() => kiln.url, { token: live.token }),
        'revoked token': new ApiClient(() => kiln.url, { token: revoked.token }),
      };
    });

    it.each<[Caller, number]>([
      ['anonymous', 401],
      ['other user', 200],
      ['owner', 200],
      ['owner token', 200],
      ['revoked token', 401],
    ])('as %s → %i', async (caller, status) => {
      const before = Math.floor(Date.now() / 1000);
      const response = await callers[caller].get('/api/token/cors');
      expect(response.status, response.text).toBe(status);
      if (status === 401) {
        expect(response.body).toEqual({ errorMessage: expect.any(String) });
        return;
      }
      const body = response.body as { token: string; expiresAt: number };
      expect(Object.keys(body).sort()).toEqual(['expiresAt', 'token']);
      expect(body.expiresAt).toBeGreaterThanOrEqual(before + 3600);
      expect(body.expiresAt).toBeLessThanOrEqual(Math.ceil(Date.now() / 1000) + 3600);
      expect(response.headers.get('cache-control')).toBe('no-store');
      const verified = verifyCorsToken(body.token, { secret: SECRET });
      expect(verified).not.toBeNull();
      if (caller.startsWith('owner')) expect(verified?.userId).toBe(ownerId);
    });

    it('says why for an anonymous caller', async () => {
      expect((await callers.anonymous.get('/api/token/cors')).body).toEqual({ errorMessage: 'Not logged in' });
    });

    it('refuses other methods', async () => {
      expect((await callers.owner.post('/api/token/cors', {})).status).toBe(405);
    });

    it('is fetched by the browser renewal helper, and its failure logged as "CORS Token Error: …"', async () => {
      const withCookie = (cookie: string | undefined) =>
        ((input: RequestInfo | URL, init: RequestInit = {}) =>
          fetch(`${kiln.url}${String(input)}`, { ...init, headers: { ...(init.headers as Record<string, string>), cookie: cookie ?? '' } })) as typeof fetch;
      const received: string[] = [];
      const renewal = startCorsTokenRenewal({ fetch: withCookie(callers.owner.cookie), onToken: (t) => received.push(t.token) });
      await vi.waitFor(() => expect(received).toHaveLength(1));
      renewal.stop();
      expect(verifyCorsToken(received[0], { secret: SECRET })?.userId).toBe(ownerId);

      const consoleError = vi.spyOn(console, 'error').mockImplementation(() => undefined);
      const failing = startCorsTokenRenewal({ fetch: withCookie(undefined), onToken: () => undefined });
      await vi.waitFor(() => expect(consoleError).toHaveBeenCalledWith('CORS Token Error: Not logged in'));
      failing.stop();
    });
  });
}
