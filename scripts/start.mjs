#!/usr/bin/env node
/**
 * `npm start`: start both tiers with the embedded defaults — the web tier (remix-serve) and the
 * sandbox runner — building first when no build exists. Ctrl+C stops both; if either dies, both stop.
 */
import { spawn, spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const webEntry = path.join(root, 'build/server/index.js');
const runnerEntry = path.join(root, 'build/runner/index.js');

if (!existsSync(webEntry) || !existsSync(runnerEntry)) {
  console.info('[kiln] no build found: running `npm run build` first');
  const built = spawnSync('npm', ['run', 'build'], { cwd: root, stdio: 'inherit' });
  if (built.status !== 0) {
    process.exit(built.status ?? 1);
  }
}

const env = { ...process.env, NODE_ENV: process.env.NODE_ENV || 'production' };
env.DATA_DIR = path.resolve(root, env.DATA_DIR || './data');
env.PORT = env.PORT || '3000';
env.HOST = env.HOST || '127.0.0.1';
env.RUNNER_PORT = env.RUNNER_PORT || '3001';
mkdirSync(env.DATA_DIR, { recursive: true });

// Both tiers must share one secret (runner tokens). Create it before either starts.
if (!env.SESSION_SECRET) {
  const file = path.join(env.DATA_DIR, 'session-secret');
  if (!existsSync(file)) {
    writeFileSync(file, randomBytes(32).toString('hex'), { mode: 0o600 });
  }
  readFileSync(file, 'utf8');
}

const children = [];
let stopping = false;

function start(name, args) {
  const child = spawn(process.execPath, args, { cwd: root, env, stdio: 'inherit' });
  child.on('exit', (code, signal) => {
    if (!stopping) {
      console.error(`[kiln] ${name} exited (${signal ?? code}); stopping`);
      stop(code ?? 1);
    }
  });
  children.push(child);
}

function stop(code = 0) {
  stopping = true;
  for (const child of children) {
    if (child.exitCode === null) {
      child.kill('SIGTERM');
    }
  }
  setTimeout(() => process.exit(code), 3000).unref();
  Promise.all(children.map((c) => (c.exitCode === null ? new Promise((r) => c.on('exit', r)) : null))).then(() =>
    process.exit(code),
  );
}

process.on('SIGINT', () => stop(0));
process.on('SIGTERM', () => stop(0));

start('runner', [runnerEntry]);
start('web', [path.join(root, 'node_modules/@remix-run/serve/dist/cli.js'), webEntry]);
console.info(`[kiln] web tier on http://localhost:${env.PORT}, runner on port ${env.RUNNER_PORT}, data in ${env.DATA_DIR}`);
