/** A tiny cookie-carrying JSON client for the Kiln API, timing each round trip. */
import { z } from 'zod';
import { getErrorMessage } from '../../app/utils/errors';

export interface TimedResponse {
  status: number;
  text: string;
  /** Request start to last byte of the body, measured in the bench process (loopback). */
  roundTripMs: number;
  /** Sum of Server-Timing `dur` values, when the server sends the header. */
  serverTimingMs: number | undefined;
}

/** `total;dur=12.3, db;dur=4` → 12.3 + 4 (entries without dur are ignored). */
export function parseServerTiming(header: string | null): number | undefined {
  if (!header) return undefined;
  const durations = [...header.matchAll(/dur=([0-9.]+)/g)].map((match) => Number(match[1]));
  if (durations.length === 0) return undefined;
  const total = header.match(/(?:^|,)\s*total;[^,]*dur=([0-9.]+)/);
  return total ? Number(total[1]) : durations.reduce((sum, value) => sum + value, 0);
}

export class ApiClient {
  private cookie: string | undefined;

  constructor(public baseUrl: string) {}

  async request(method: string, path: string, body?: unknown): Promise<TimedResponse> {
    const headers: Record<string, string> = {};
    if (body !== undefined) headers['content-type'] = 'application/json';
    if (this.cookie) headers.cookie = this.cookie;
    const payload = body === undefined ? undefined : typeof body === 'string' ? body : JSON.stringify(body);
    const started = performance.now();
    const response = await fetch(`${this.baseUrl}${path}`, { method, headers, body: payload }).catch((error: unknown) => {
      const cause = error instanceof Error && error.cause instanceof Error ? `: ${error.cause.message}` : '';
      throw new Error(`${method} ${path}: ${getErrorMessage(error)}${cause}`);
    });
    const text = await response.text();
    const roundTripMs = performance.now() - started;
    const setCookie = response.headers.getSetCookie();
    if (setCookie.length > 0) {
      this.cookie = setCookie.map((cookie) => cookie.split(';')[0]).join('; ');
    }
    return { status: response.status, text, roundTripMs, serverTimingMs: parseServerTiming(response.headers.get('server-timing')) };
  }

  /** Like request, but throws with the body when the status is not the expected one, and parses the JSON. */
  async expectJson<T>(schema: z.ZodType<T>, method: string, path: string, body: unknown, expected: number[] = [200, 201]): Promise<{ data: T; response: TimedResponse }> {
    const response = await this.request(method, path, body);
    if (!expected.includes(response.status)) {
      throw new Error(`${method} ${path} answered ${response.status}: ${response.text.slice(0, 300)}`);
    }
    return { data: schema.parse(JSON.parse(response.text)), response };
  }

  get sessionCookie(): string | undefined {
    return this.cookie;
  }
}

const projectSchema = z.object({ id: z.string(), slug: z.string(), editedAt: z.string() });
export type ProjectRef = z.infer<typeof projectSchema>;

/** Sign up a fresh user (the client keeps its session cookie). */
export async function signUpBenchUser(client: ApiClient, tag: string): Promise<void> {
  const suffix = `${Date.now().toString(36)}${Math.floor(Math.random() * 1e6).toString(36)}`;
  const username = `bench_${tag}_${suffix}`.slice(0, 32);
  await client.expectJson(z.unknown(), 'POST', '/api/auth/signup', { email: `${username}@bench.kiln.test`, password: 'bench-password-123', username });
  if (!client.sessionCookie) throw new Error('Sign-up set no session cookie');
}

export async function createBenchProject(client: ApiClient, title: string): Promise<ProjectRef> {
  const { data } = await client.expectJson(projectSchema, 'POST', '/api/projects', { project: { title } });
  return data;
}

/** PATCH the whole file map; returns the new editedAt for the next save's conflict check. */
export async function saveBenchProject(client: ApiClient, slug: string, appFiles: unknown, editedAt: string): Promise<{ editedAt: string; response: TimedResponse }> {
  const { data, response } = await client.expectJson(projectSchema, 'PATCH', `/api/projects/${slug}`, { project: { appFiles }, editedAt });
  return { editedAt: data.editedAt, response };
}
