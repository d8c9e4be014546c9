import { describe, expect, it } from 'vitest';
import { anonymous, ApiClient, backends, signUp, useKiln } from './support';

for (const backend of backends) {
  describe.skipIf(backend.skip)(`auth API on ${backend.name}`, () => {
    const kiln = useKiln(backend);

    it('signs up, sets a host-only HttpOnly Lax cookie and reports logged in', async () => {
      const client = anonymous(kiln);
      const response = await client.post('/api/auth/signup', { email: 'Ann@Example.test', password: 'longenough', username: 'ann' });
      expect(response.status).toBe(201);
      expect(response.body).toEqual({ user: { id: expect.any(String), email: 'ann@example.test', username: 'ann' } });
      const cookie = response.headers.get('set-cookie') ?? '';
      expect(cookie).toMatch(/^kiln_session=[^;]+; Path=\/; HttpOnly; SameSite=Lax; Max-Age=\d+$/);
      expect(cookie).not.toMatch(/Domain=|Secure/);
      expect((await client.get('/api/logged-in')).body).toEqual({ isLoggedIn: true });
    });

    it('marks the cookie Secure behind an https proxy', async () => {
      const response = await anonymous(kiln).request(
        'POST',
        '/api/auth/signup',
        { email: 'sec@example.test', password: 'longenough', username: 'sec' },
        { 'x-forwarded-proto': 'https' },
      );
      expect(response.status).toBe(201);
      expect(response.headers.get('set-cookie')).toMatch(/; Secure$/);
    });

    it.each([
      ['taken email', { email: 'dup@example.test', username: 'other_name' }],
      ['taken username', { email: 'fresh@example.test', username: 'dup_user' }],
    ])('answers 409 for a %s', async (_case, fields) => {
      await anonymous(kiln).post('/api/auth/signup', { email: 'dup@example.test', password: 'longenough', username: 'dup_user' });
      const response = await anonymous(kiln).post('/api/auth/signup', { ...fields, password: 'longenough' });
      expect(response.status).toBe(409);
      expect(response.body).toEqual({ errors: [expect.stringMatching(/already taken/)] });
    });

    it.each([
      ['short password', { email: 'x1@example.test', password: 'short', username: 'x1_user' }, 'password'],
      ['bad email', { email: 'nope', password: 'longenough', username: 'x2_user' }, 'email'],
      ['bad username', { email: 'x3@example.test', password: 'longenough', username: 'No Spaces!' }, 'username'],
      ['short username', { email: 'x4@example.test', password: 'longenough', username: 'ab' }, 'username'],
      ['unknown field', { email: 'x5@example.test', password: 'longenough', username: 'x5_user', admin: true }, 'body'],
    ])('answers 400 for %s', async (_case, body, field) => {
      const response = await anonymous(kiln).post('/api/auth/signup', body);
      expect(response.status).toBe(400);
      expect(response.body).toEqual({ errors: [expect.objectContaining({ field, message: expect.any(String) })] });
    });

    it('logs in with the right password and refuses a wrong one or an unknown email alike', async () => {
      const { user } = await signUp(kiln, 'login');
      const ok = await anonymous(kiln).post('/api/auth/login', { email: user.email.toUpperCase(), password: 'correct horse' });
      expect(ok.status).toBe(200);
      expect(ok.body).toEqual({ user });
      for (const body of [
        { email: user.email, password: 'wrong password' },
        { email: 'nobody@example.test', password: 'correct horse' },
      ]) {
        const refused = await anonymous(kiln).post('/api/auth/login', body);
        expect(refused.status).toBe(401);
        expect(refused.body).toEqual({ errors: ['Invalid email or password'] });
      }
    });

    it('logs out: the cookie is cleared and the old session no longer works', async () => {
      const { client } = await signUp(kiln, 'logout');
      const oldCookie = client.cookie;
      const response = await client.post('/api/auth/logout');
      expect(response.status).toBe(200);
      expect(response.headers.get('set-cookie')).toMatch(/Max-Age=0/);
      expect((await client.get('/api/logged-in')).body).toEqual({ isLoggedIn: false });
      const replay = new ApiClient(() => kiln.url, { cookie: oldCookie });
      expect((await replay.get('/api/logged-in')).body).toEqual({ isLoggedIn: false });
    });

    it('is not logged in when anonymous', async () => {
      expect((await anonymous(kiln).get('/api/logged-in')).body).toEqual({ isLoggedIn: false });
    });

    it('refuses a cookie-authenticated change from another origin', async () => {
      const { client } = await signUp(kiln, 'csrf');
      const response = await client.request('POST', '/api/projects', { project: {} }, { origin: 'http://sb-3000.localhost:3001' });
      expect(response.status).toBe(403);
      expect((await client.get('/api/projects')).body).toEqual({ projects: [] });
    });

    it('answers 405 to GET on a POST-only route', async () => {
      const response = await anonymous(kiln).get('/api/auth/login');
      expect(response.status).toBe(405);
      expect(response.headers.get('allow')).toBe('POST');
    });
  });
}
