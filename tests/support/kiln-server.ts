/**
 * Start the BUILT web tier (remix-serve on build/server/index.js) on a free port with its own data dir,
 * for HTTP-level integration tests. The build is refreshed first when any source is newer than it
 * (serialised across parallel test files with flock); set KILN_TEST_SKIP_BUILD=1 to use the build as is.
 * Each test process serves its own copy of build/ (under tests/.tmp), so later rebuilds do not disturb it.
 * Readiness: the server printed its address, /api/health answered, and the database is open and migrated.
 *
 *   const kiln = await startKiln();               // PGlite under a temp DATA_DIR
 *   const kiln = await startKiln({ env: { DATABASE_URL } });
 *   await fetch(`${kiln.url}/api/health`); await kiln.stop();
 *
 * PostgreSQL: `createTestDatabase()` makes a fresh database on the server named by TEST_DATABASE_URL.
 */
import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync, statSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';

/**
 * The checkout whose build is served. KILN_TEST_ROOT points at another checkout (e.g. a `git archive` of
 * HEAD with node_modules linked) when the working tree is mid-edit and does not build.
 */
const ROOT = path.resolve(process.env.KILN_TEST_ROOT || path.join(path.dirname(fileURLToPath(import.meta.url)), '../..'));
const SERVER_ENTRY = path.join(ROOT, 'build/server/index.js');
const SOURCES = ['app', 'vite.config.ts', 'package.json', 'tsconfig.json'];

export type KilnServer = {
  url: string;
  dataDir: string;
  process: ChildProcess;
  /** Everything the server printed (stdout and stderr), for failure messages. */
  output(): string;
  /** Graceful stop (SIGTERM, then SIGKILL after 5 s); removes a data dir this helper created. */
  stop(): Promise<void>;
  kill(signal: NodeJS.Signals): void;
  /** Resolves when the process has exited. */
  exited: Promise<number | null>;
};

function newestMtime(target: string): number {
  let stat;
  try {
    stat = statSync(target);
  } catch {
    return 0;
  }
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = stat.mtimeMs;
  for (const entry of readdirSync(target)) {
    newest = Math.max(newest, newestMtime(path.join(target, entry)));
  }
  return newest;
}

function buildIsStale(): boolean {
  let built: number;
  try {
    built = statSync(SERVER_ENTRY).mtimeMs;
  } catch {
    return true;
  }
  return SOURCES.some((source) => newestMtime(path.join(ROOT, source)) > built);
}

/** Build when stale. Runs this file as a CLI under flock so parallel test files build once. */
let builtInThisProcess = false;

export function ensureBuilt(): void {
  // Once per test process: a restart within a test must serve the same build it started with.
  if (builtInThisProcess || process.env.KILN_TEST_SKIP_BUILD === '1' || !buildIsStale()) return;
  const lockDir = path.join(ROOT, 'tests/.tmp');
  mkdirSync(lockDir, { recursive: true });
  const result = spawnSync(
    'flock',
    [path.join(lockDir, 'build.lock'), process.execPath, '--import', 'tsx', fileURLToPath(import.meta.url), '--build-if-stale'],
    { cwd: ROOT, encoding: 'utf8', env: { ...process.env, NODE_ENV: 'production', KILN_TEST_ROOT: ROOT } },
  );
  if (result.status !== 0) {
    throw new Error(`remix vite:build failed:\n${result.stdout}\n${result.stderr}`);
  }
  builtInThisProcess = true;
}

let snapshotDir: string | undefined;

/**
 * Serve a private copy of the build, taken once per test process: a rebuild by another test file (or a
 * developer) empties build/ first, which would break a server starting at that moment.
 */
function snapshotBuild(): string {
  if (snapshotDir) return snapshotDir;
  // Inside the checkout, so the bundle's bare imports still resolve from ROOT/node_modules.
  const scratch = path.join(ROOT, 'tests/.tmp');
  mkdirSync(scratch, { recursive: true });
  // Test workers are often killed rather than exiting, so also sweep copies left by old runs.
  for (const entry of readdirSync(scratch)) {
    const old = path.join(scratch, entry);
    if (entry.startsWith('build-') && Date.now() - statSync(old).mtimeMs > 2 * 60 * 60 * 1000) {
      rmSync(old, { recursive: true, force: true });
    }
  }
  const target = mkdtempSync(path.join(scratch, 'build-'));
  for (let attempt = 0; attempt < 3; attempt++) {
    // A shared lock: waits for a build by another test file to finish, and keeps one from starting.
    const copy = spawnSync('flock', ['-s', path.join(scratch, 'build.lock'), 'cp', '-R', `${path.join(ROOT, 'build')}/.`, target], {
      cwd: ROOT,
      encoding: 'utf8',
    });
    if (copy.status === 0 && existsSync(path.join(target, 'server/index.js'))) {
      snapshotDir = target;
      process.once('exit', () => rmSync(target, { recursive: true, force: true }));
      return target;
    }
    builtInThisProcess = false;
    ensureBuilt();
  }
  throw new Error(`No server build at ${SERVER_ENTRY}`);
}

function buildIfStaleNow(): void {
  if (!buildIsStale()) return;
  const result = spawnSync(process.execPath, [path.join(ROOT, 'node_modules/@remix-run/dev/dist/cli.js'), 'vite:build'], {
    cwd: ROOT,
    stdio: 'inherit',
  });
  process.exit(result.status ?? 1);
}

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.unref();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      server.close(() => resolve(port));
    });
  });
}

export async function startKiln(options: { env?: Record<string, string | undefined>; dataDir?: string } = {}): Promise<KilnServer> {
  ensureBuilt();
  const ownsDataDir = !options.dataDir;
  const dataDir = options.dataDir ?? mkdtempSync(path.join(tmpdir(), 'kiln-test-'));
  const port = await freePort();
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    NODE_ENV: 'production',
    HOST: '127.0.0.1',
    PORT: String(port),
    DATA_DIR: dataDir,
    DATABASE_URL: undefined,
    SESSION_SECRET: 'integration-test-secret-0123456789',
    ...options.env,
  };
  const entry = path.join(snapshotBuild(), 'server/index.js');
  const child = spawn(process.execPath, [path.join(ROOT, 'node_modules/@remix-run/serve/dist/cli.js'), entry], {
    cwd: ROOT,
    env,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  const url = `http://127.0.0.1:${port}`;

  await new Promise<void>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`Kiln did not start within 60 s:\n${output}`)), 60_000);
    const onData = () => {
      if (output.includes('[remix-serve]')) {
        clearTimeout(timer);
        resolve();
      }
    };
    child.stdout?.on('data', onData);
    void exited.then((code) => {
      clearTimeout(timer);
      reject(new Error(`Kiln exited with ${code} before listening:\n${output}`));
    });
  });
  const health = await fetch(`${url}/api/health`);
  if (!health.ok) throw new Error(`/api/health answered ${health.status}`);
  // Open (and migrate) the database now, so the first test does not pay for it inside its timeout.
  const warm = await fetch(`${url}/api/projects/sb1`);
  if (!warm.ok) throw new Error(`database warm-up (GET /api/projects/sb1) answered ${warm.status}:\n${output}`);

  return {
    url,
    dataDir,
    process: child,
    output: () => output,
    exited,
    kill: (signal) => {
      child.kill(signal);
    },
    stop: async () => {
      if (child.exitCode === null && child.signalCode === null) {
        child.kill('SIGTERM');
        const timer = setTimeout(() => child.kill('SIGKILL'), 5000);
        await exited;
        clearTimeout(timer);
      }
      if (ownsDataDir) rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** The PostgreSQL server for tests, if the environment names one. */
export function testDatabaseUrl(): string | undefined {
  return process.env.TEST_DATABASE_URL || undefined;
}

/** A fresh, empty database on the TEST_DATABASE_URL server; drop() removes it. */
export async function createTestDatabase(): Promise<{ url: string; drop(): Promise<void> }> {
  const adminUrl = testDatabaseUrl();
  if (!adminUrl) throw new Error('TEST_DATABASE_URL is not set');
  const name = `kiln_test_${process.pid}_${Math.random().toString(36).slice(2, 10)}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  try {
    await admin.query(`CREATE DATABASE ${name}`);
  } finally {
    await admin.end();
  }
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    drop: async () => {
      const client = new pg.Client({ connectionString: adminUrl });
      await client.connect();
      try {
        await client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      } finally {
        await client.end();
      }
    },
  };
}

if (process.argv.includes('--build-if-stale')) {
  buildIfStaleNow();
}
