import { describe, expect, it, vi } from 'vitest';
import { createVisibilityControl, readServerError } from './visibility';

function control(respond: () => Promise<Response>) {
  const fetchImpl = vi.fn((_input: RequestInfo | URL, _init?: RequestInit) => respond());
  const onError = vi.fn();
  const visibility = createVisibilityControl({ initial: 'private', getSlug: () => 'my app', fetch: fetchImpl, onError });
  return { visibility, fetchImpl, onError };
}

describe('visibility toggle', () => {
  it('PATCHes the project and shows the new value once the server accepted', async () => {
    let answer!: (response: Response) => void;
    const { visibility, fetchImpl } = control(() => new Promise((resolve) => (answer = resolve)));
    const done = visibility.set('public');
    expect(visibility.$pending.get()).toBe('public');
    expect(visibility.$visibility.get()).toBe('private');
    answer(Response.json({ slug: 'my-app' }));
    expect(await done).toBe(true);
    expect(visibility.$visibility.get()).toBe('public');
    expect(visibility.$pending.get()).toBeNull();
    const [url, init] = fetchImpl.mock.calls[0];
    expect(url).toBe('/api/projects/my%20app');
    expect(init?.method).toBe('PATCH');
    expect(JSON.parse(String(init?.body))).toEqual({ project: { visibility: 'public' } });
  });

  it("keeps the old value and shows the server's message when refused (guests may not publish)", async () => {
    const { visibility, onError } = control(async () => Response.json({ errors: ['Sign in to make a project public'] }, { status: 403 }));
    expect(await visibility.set('public')).toBe(false);
    expect(visibility.$visibility.get()).toBe('private');
    expect(onError).toHaveBeenCalledWith('Sign in to make a project public');
  });

  it('says the server did not answer when the request fails', async () => {
    const { visibility, onError } = control(async () => Promise.reject(new TypeError('fetch failed')));
    expect(await visibility.set('public')).toBe(false);
    expect(onError.mock.calls[0][0]).toMatch(/did not answer/);
  });

  it('ignores a click while a change is on its way, and a change to the current value', async () => {
    let answer!: (response: Response) => void;
    const { visibility, fetchImpl } = control(() => new Promise((resolve) => (answer = resolve)));
    expect(await visibility.set('private')).toBe(false);
    const first = visibility.set('public');
    expect(await visibility.set('public')).toBe(false);
    answer(Response.json({}));
    await first;
    expect(fetchImpl).toHaveBeenCalledTimes(1);
  });
});

describe('server error text', () => {
  it.each([
    [{ errors: ['Nope'] }, 400, 'Nope'],
    [{ errors: [{ field: 'title', message: 'Too long' }] }, 400, 'Too long'],
    [{ something: 'else' }, 500, 'An unexpected status code 500 response was received from the server.'],
  ])('reads %j', async (body, status, expected) => {
    expect(await readServerError(Response.json(body, { status }))).toBe(expected);
  });
});
