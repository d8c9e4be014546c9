/**
 * The WebSocket protocol between a browser (app/lib/sandbox/runner.client.ts) and the runner (runner/).
 * Both tiers import this module; it imports nothing but zod.
 *
 * Connect: `${RUNNER_URL}/sandbox/${sandboxId}?token=${token}` where the token is signed by the web tier
 * (protocol/token.ts). Every request carries a numeric `id`; the runner answers each with exactly one
 * `response` message carrying the same id. Events are pushed without an id.
 */
import { z } from 'zod';

/** Sandbox ids are used as DNS labels in preview origins: lowercase letters and digits, 8–32 long. */
export const SANDBOX_ID_PATTERN = /^[a-z0-9]{8,32}$/;

export const fileEncodingSchema = z.enum(['utf-8', 'base64']);
export type FileEncoding = z.infer<typeof fileEncodingSchema>;

const relPath = z.string().min(1).max(4096);

export const requestSchema = z.discriminatedUnion('type', [
  z.object({ id: z.number().int(), type: z.literal('fs.readFile'), path: relPath, encoding: fileEncodingSchema }),
  z.object({
    id: z.number().int(),
    type: z.literal('fs.writeFile'),
    path: relPath,
    data: z.string(),
    encoding: fileEncodingSchema,
  }),
  z.object({ id: z.number().int(), type: z.literal('fs.mkdir'), path: relPath, recursive: z.boolean().default(false) }),
  z.object({ id: z.number().int(), type: z.literal('fs.readdir'), path: z.string().max(4096) }),
  z.object({
    id: z.number().int(),
    type: z.literal('fs.rm'),
    path: relPath,
    recursive: z.boolean().default(false),
    force: z.boolean().default(false),
  }),
  z.object({ id: z.number().int(), type: z.literal('fs.rename'), from: relPath, to: relPath }),
  /** Write many files at once (project restore). Folders are created as needed. */
  z.object({
    id: z.number().int(),
    type: z.literal('fs.mount'),
    files: z.array(z.object({ path: relPath, data: z.string(), encoding: fileEncodingSchema })),
  }),
  z.object({
    id: z.number().int(),
    type: z.literal('proc.spawn'),
    command: z.string().min(1),
    args: z.array(z.string()).default([]),
    /** `shell: true` starts the sandbox's interactive shell (OSC 654 prompt markers, see below); command is ignored. */
    shell: z.boolean().default(false),
    cwd: z.string().optional(),
    env: z.record(z.string()).optional(),
    cols: z.number().int().min(1).max(1000).default(80),
    rows: z.number().int().min(1).max(1000).default(24),
  }),
  z.object({ id: z.number().int(), type: z.literal('proc.input'), pid: z.number().int(), data: z.string() }),
  z.object({
    id: z.number().int(),
    type: z.literal('proc.resize'),
    pid: z.number().int(),
    cols: z.number().int().min(1).max(1000),
    rows: z.number().int().min(1).max(1000),
  }),
  z.object({
    id: z.number().int(),
    type: z.literal('proc.kill'),
    pid: z.number().int(),
    signal: z.enum(['SIGINT', 'SIGTERM', 'SIGKILL', 'SIGHUP']).default('SIGTERM'),
  }),
  z.object({ id: z.number().int(), type: z.literal('sandbox.teardown') }),
]);
export type RunnerRequest = z.infer<typeof requestSchema>;
export type RunnerRequestType = RunnerRequest['type'];

export interface DirEntry {
  name: string;
  type: 'file' | 'directory';
}

/** What each request type answers with on success. */
export interface RunnerResults {
  'fs.readFile': { data: string; encoding: FileEncoding };
  'fs.writeFile': null;
  'fs.mkdir': null;
  'fs.readdir': { entries: DirEntry[] };
  'fs.rm': null;
  'fs.rename': null;
  'fs.mount': null;
  'proc.spawn': { pid: number };
  'proc.input': null;
  'proc.resize': null;
  'proc.kill': null;
  'sandbox.teardown': null;
}

export interface RunnerErrorBody {
  message: string;
  /** ENOENT, EEXIST, EINVAL, LIMIT, BAD_REQUEST, ... */
  code: string;
}

export type WatchEvent =
  | { type: 'add_file' | 'change'; path: string; data: string; encoding: FileEncoding }
  | { type: 'remove_file' | 'add_dir' | 'remove_dir'; path: string };

export type RunnerMessage =
  | { type: 'response'; id: number; ok: true; result: unknown }
  | { type: 'response'; id: number; ok: false; error: RunnerErrorBody }
  /** Sent once after connect. `previewUrlTemplate` contains `{port}`. */
  | { type: 'hello'; sandboxId: string; previewUrlTemplate: string; sandboxed: boolean }
  | { type: 'proc.output'; pid: number; data: string }
  | { type: 'proc.exit'; pid: number; exitCode: number }
  /** Paths are relative to the sandbox root, '/'-separated. Batched, buffered 100 ms. */
  | { type: 'watch'; events: WatchEvent[] }
  | { type: 'port'; port: number; state: 'open' | 'close'; url: string }
  | { type: 'server-ready'; port: number; url: string }
  | { type: 'error'; message: string };

/**
 * Interactive shell markers (same as WebContainer's `jsh --osc`): the shell prints
 * `\x1b]654;prompt\x07` whenever it is ready for a command and `\x1b]654;exit=<code>:<pid>\x07`
 * after each command ends (pid may be 0). The web tier's shell session parses these.
 */
export const OSC_PROMPT = '\x1b]654;prompt\x07';
export const OSC_EXIT_PREFIX = '\x1b]654;exit=';

/** Fill the preview URL template for a port. */
export function previewUrl(template: string, port: number): string {
  return template.replaceAll('{port}', String(port));
}
