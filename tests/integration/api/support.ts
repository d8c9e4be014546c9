import { afterAll, beforeAll } from 'vitest';
import { createTestDatabase, type KilnServer, startKiln, testDatabaseUrl } from '../../support/kiln-server';

export type Backend = { name: string; kind: 'pglite' | 'postgres'; skip: boolean };

/** Every API suite runs on both databases; PostgreSQL only when TEST_DATABASE_URL names a server. */
export const backends: Backend[] = [
  { name: 'pglite', kind: 'pglite', skip: false },
  testDatabaseUrl()
    ? { name: 'postgres', kind: 'postgres', skip: false }
    : { name: 'postgres (skipped: TEST_DATABASE_URL is unset)', kind: 'postgres', skip: true },
];

export type KilnFixture = { readonly server: KilnServer; readonly url: string; readonly env: Record<string, string> };

/** One web tier (and, on PostgreSQL, one fresh database) for the enclosing describe block. */
export function useKiln(backend: Backend, extraEnv: Record<string, string> = {}): KilnFixture {
  let server: KilnServer | undefined;
  let drop: (() => Promise<void>) | undefined;
  const env: Record<string, string> = { ...extraEnv };
  beforeAll(async () => {
    if (backend.kind === 'postgres') {
      const database = await createTestDatabase();
      env.DATABASE_URL = database.url;
      drop = database.drop;
    }
    server = await startKiln({ env });
  }, 180_000); // may include a build and a first PGlite initdb on a loaded machine
  afterAll(async () => {
    await server?.stop();
    await drop?.();
  });
  return {
    get server() {
      if (!server) throw new Error('Kiln is not started');
      return server;
    },
    get url() {
      if (!server) throw new Error('Kiln is not started');
      return server.url;
    },
    env,
  };
}

export type ApiResponse = { status: number; body: unknown; headers: Headers; text: string };

/** A caller: anonymous, a browser with a session cookie, or an API client with a bearer token. */
export class ApiClient {
  cookie: string | undefined;
  token: string | undefined;

  constructor(
    private readonly base: () => string,
    options: { cookie?: string; token?: string } = {},
  ) {
    this.cookie = options.cookie;
    this.token = options.token;
  }

  async request(method: string, path: string, body?: unknown, headers: Record<string, string> = {}): Promise<ApiResponse> {
    const init: RequestInit = { method, headers: { ...headers } };
    const h = init.headers as Record<string, string>;
    if (this.cookie) h.cookie = this.cookie;
    if (this.token) h.authorization = `Bearer ${this.token}`;
    if (body !== undefined) {
      init.body = typeof body === 'string' ? body : JSON.stringify(body);
      h['content-type'] ??= 'application/json';
    }
    const response = await fetch(`${this.base()}${path}`, init);
    for (const setCookie of response.headers.getSetCookie()) {
      const [pair] = setCookie.split(';');
      const value = pair.slice(pair.indexOf('=') + 1);
      this.cookie = value === '' ? undefined : pair;
    }
    const text = await response.text();
    let parsed: unknown = undefined;
    try {
      parsed = text === '' ? undefined : JSON.parse(text);
    } catch {
      parsed = text;
    }
    return { status: response.status, body: parsed, headers: response.headers, text };
  }

  get = (path: string) => this.request('GET', path);
  post = (path: string, body?: unknown) => this.request('POST', path, body);
  patch = (path: string, body?: unknown) => this.request('PATCH', path, body);
  delete = (path: string) => this.request('DELETE', path);
}

let counter = 0;

/** Sign up a fresh account; the returned client carries its session cookie. */
export async function signUp(kiln: KilnFixture, prefix = 'user'): Promise<{ client: ApiClient; user: { id: string; email: string; username: string } }> {
  counter += 1;
  const username = `${prefix}_${process.pid}_${counter}`.slice(0, 32);
  const client = new ApiClient(() => kiln.url);
  const response = await client.post('/api/auth/signup', { email: `${username}@example.test`, password: 'correct horse', username });
  if (response.status !== 201) throw new Error(`signup failed: ${response.status} ${response.text}`);
  return { client, user: (response.body as { user: { id: string; email: string; username: string } }).user };
}

export function anonymous(kiln: KilnFixture): ApiClient {
  return new ApiClient(() => kiln.url);
}

export type ProjectBody = { id: string; slug: string; editedAt: string; appFiles: Record<string, { contents: string }> };

export function files(map: Record<string, string>): Record<string, { type: 'file'; contents: string }> {
  return Object.fromEntries(Object.entries(map).map(([path, contents]) => [path, { type: 'file', contents }]));
}

/** The callers of every access matrix, in the order the matrices list expected statuses. */
export type Caller = 'anonymous' | 'other user' | 'owner' | 'owner token' | 'revoked token';
export const CALLERS: Caller[] = ['anonymous', 'other user', 'owner', 'owner token', 'revoked token'];

export type AccessWorld = {
  owner: ApiClient;
  callers: Record<Caller, ApiClient>;
  privateProject: ProjectBody;
  publicProject: ProjectBody;
};

/**
 * An owner with a private and a public project, another user, and the owner's live and revoked tokens.
 * `privateFiles` become the private project's files.
 */
export async function buildAccessWorld(
  kiln: KilnFixture,
  prefix: string,
  privateFiles?: Record<string, string>,
): Promise<AccessWorld> {
  const { client: owner } = await signUp(kiln, `${prefix}_owner`);
  const { client: other } = await signUp(kiln, `${prefix}_other`);
  const live = (await owner.post('/api/tokens', { name: 'live' })).body as { token: string };
  const revoked = (await owner.post('/api/tokens', { name: 'revoked' })).body as { id: string; token: string };
  await owner.delete(`/api/tokens/${revoked.id}`);
  const privateProject = (
    await owner.post('/api/projects', { project: { title: 'Private', ...(privateFiles ? { appFiles: files(privateFiles) } : {}) } })
  ).body as ProjectBody;
  const publicProject = (await owner.post('/api/projects', { project: { title: 'Public', visibility: 'public' } })).body as ProjectBody;
  return {
    owner,
    privateProject,
    publicProject,
    callers: {
      anonymous: anonymous(kiln),
      'other user': other,
      owner,
      'owner token': new ApiClient(() => kiln.url, { token: live.token }),
      'revoked token': new ApiClient(() => kiln.url, { token: revoked.token }),
    },
  };
}
