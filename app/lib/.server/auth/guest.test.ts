import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { closeDb, getDb } from '../db/client';
import { resetEnvForTests } from '../env';
import { createProject, getProjectForViewer, listProjects } from '../projects';
import { logIn, signUp } from './accounts';
import { ensureViewer } from './guest';
import { getUser } from './viewer';

function browser(cookie?: string, method = 'GET'): Request {
  return new Request('http://localhost:3000/', { method, headers: cookie ? { cookie } : {} });
}

function cookiePair(setCookie: string | undefined): string {
  expect(setCookie).toMatch(/^kiln_session=[^;]+; Path=\/; HttpOnly; SameSite=Lax/);
  return setCookie!.split(';')[0];
}

describe('guest sessions (in process, PGlite)', () => {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'kiln-guest-'));
  const saved = { DATA_DIR: process.env.DATA_DIR, DATABASE_URL: process.env.DATABASE_URL };

  beforeAll(() => {
    process.env.DATA_DIR = dataDir;
    delete process.env.DATABASE_URL;
    resetEnvForTests();
  });
  afterAll(async () => {
    await closeDb();
    Object.assign(process.env, saved);
    if (saved.DATABASE_URL === undefined) delete process.env.DATABASE_URL;
    resetEnvForTests();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('gives an anonymous visitor a guest whose private projects reopen in the same browser', { timeout: 60_000 }, async () => {
    const { viewer: guest, setCookie } = await ensureViewer(browser());
    expect(guest).toMatchObject({ isGuest: true, email: null, username: null });
    const cookie = cookiePair(setCookie);

    const project = await createProject(guest, { title: 'Guest app', visibility: 'private' });
    expect(project.visibility).toBe('private');

    const again = await getUser(browser(cookie));
    expect(again).toMatchObject({ id: guest.id, isGuest: true });
    expect((await getProjectForViewer(project.slug, again)).title).toBe('Guest app');
    await expect(getProjectForViewer(project.slug, null)).rejects.toMatchObject({ status: 404 });
    // The same browser keeps its guest rather than getting a new one.
    expect(await ensureViewer(browser(cookie))).toEqual({ viewer: again });
  });

  it('refuses to publish a guest project', async () => {
    const { viewer } = await ensureViewer(browser());
    await expect(createProject(viewer, { visibility: 'public' })).rejects.toMatchObject({ status: 403 });
  });

  it.each([
    ['signing up', 'signup'],
    ['logging in', 'login'],
  ])('moves the guest’s projects to the account when %s, and ends the guest', { timeout: 60_000 }, async (_case, how) => {
    const { viewer: guest, setCookie } = await ensureViewer(browser());
    const project = await createProject(guest, { title: `Before ${how}` });
    const db = await getDb();
    const credentials = { email: `${how}@example.test`, password: 'longenough', username: `${how}_user` };
    const account =
      how === 'signup'
        ? (await signUp(db, credentials, guest)).user
        : (await signUp(db, credentials, null), (await logIn(db, credentials, guest)).user);

    const viewer = { id: account.id, email: account.email, username: account.username, isGuest: false, via: 'session' as const };
    expect((await listProjects(viewer)).map((p) => p.id)).toEqual([project.id]);
    expect(await getUser(browser(cookiePair(setCookie)))).toBeNull();
  });
});
