import { describe, expect, it } from 'vitest';
import { backends, useKiln } from './support';

/** The sign-in/sign-up pages also work as plain form posts (typed before hydration, or no JavaScript). */
const backend = backends.find((b) => b.kind === 'pglite');

describe.skipIf(!backend || backend.skip)('auth pages without JavaScript', () => {
  const kiln = useKiln(backend!);

  const postForm = (path: string, fields: Record<string, string>, cookie?: string) =>
    fetch(`${kiln.url}${path}`, {
      method: 'POST',
      redirect: 'manual',
      headers: {
        'content-type': 'application/x-www-form-urlencoded',
        origin: kiln.url,
        ...(cookie ? { cookie } : {}),
      },
      body: new URLSearchParams(fields).toString(),
    });

  it('signs up with a form post: redirects with the session cookie, password never in a URL', async () => {
    const response = await postForm('/sign-up?redirectTo=/settings', {
      email: 'form@example.test',
      username: 'form_user',
      password: 'long-enough-password',
    });
    expect(response.status).toBe(302);
    expect(response.headers.get('location')).toBe('/settings');
    expect(response.headers.get('location')).not.toContain('password');
    const cookie = (response.headers.get('set-cookie') ?? '').split(';')[0];
    expect(cookie).toMatch(/^kiln_session=/);
    const loggedIn = await fetch(`${kiln.url}/api/logged-in`, { headers: { cookie } });
    expect(await loggedIn.json()).toEqual({ isLoggedIn: true });
  });

  it('shows field errors for a bad sign-up form and stores nothing', async () => {
    const response = await postForm('/sign-up', { email: 'not-an-email', username: 'x', password: 'short' });
    expect(response.status).toBe(200);
    const html = await response.text();
    expect(html).toContain('Password must be at least 8 characters');
    expect(response.headers.get('set-cookie')).toBeNull();
  });

  it('signs in with a form post, and refuses a wrong password with a message', async () => {
    await postForm('/sign-up', { email: 'again@example.test', username: 'again_user', password: 'long-enough-password' });
    const wrong = await postForm('/sign-in', { email: 'again@example.test', password: 'wrong-password' });
    expect(wrong.status).toBe(200);
    expect(await wrong.text()).toContain('Invalid email or password');
    const right = await postForm('/sign-in', { email: 'again@example.test', password: 'long-enough-password' });
    expect(right.status).toBe(302);
    expect(right.headers.get('location')).toBe('/');
    expect(right.headers.get('set-cookie')).toMatch(/^kiln_session=/);
  });
});
