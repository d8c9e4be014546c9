import { mkdtemp, readFile, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { isLoopbackHost, parseRunnerEnv, readOrCreateSecret } from './config';
import { isForbiddenAddress } from './egress-proxy';
import { chooseIsolation } from './isolation';
import { resolveSandboxPath } from './paths';
import { parsePreviewHost } from './preview-proxy';
import { isBinary } from './watcher';

const dirs: string[] = [];
async function tempDir(): Promise<string> {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'kiln-runner-config-'));
  dirs.push(dir);
  return dir;
}

afterEach(async () => {
  await Promise.all(dirs.splice(0).map((dir) => rm(dir, { recursive: true, force: true })));
});

describe('parseRunnerEnv', () => {
  it('applies the documented defaults', async () => {
    const dataDir = await tempDir();
    const config = parseRunnerEnv({ DATA_DIR: dataDir, SESSION_SECRET: 'x'.repeat(16) });
    expect(config).toMatchObject({
      port: 3001,
      host: '127.0.0.1',
      previewDomain: 'localhost',
      maxSandboxes: 20,
      maxProcesses: 16,
      idleMs: 600_000,
      sandboxMode: 'auto',
    });
  });

  it.each([
    ['RUNNER_PORT', 'abc'],
    ['RUNNER_SANDBOX', 'docker'],
    ['RUNNER_MAX_SANDBOXES', '0'],
    ['SESSION_SECRET', 'short'],
  ])('names the bad variable %s', (name, value) => {
    expect(() => parseRunnerEnv({ SESSION_SECRET: 'x'.repeat(16), [name]: value })).toThrow(new RegExp(name));
  });

  it('shares DATA_DIR/session-secret with the web tier when SESSION_SECRET is unset', async () => {
    const dataDir = await tempDir();
    const config = parseRunnerEnv({ DATA_DIR: dataDir });
    expect(config.sessionSecret).toBe((await readFile(path.join(dataDir, 'session-secret'), 'utf8')).trim());
    expect(readOrCreateSecret(dataDir)).toBe(config.sessionSecret);
  });
});

describe('chooseIsolation', () => {
  it('refuses to run unsandboxed on a public address', async () => {
    await expect(chooseIsolation('none', false, { info: () => undefined, warn: () => undefined })).rejects.toThrow(
      /Refusing to start/
    );
  });

  it('warns loudly when running unsandboxed on loopback', async () => {
    const warnings: string[] = [];
    expect(
      await chooseIsolation('none', true, { info: () => undefined, warn: (message) => warnings.push(message) })
    ).toBe('none');
    expect(warnings.join()).toMatch(/UNSANDBOXED/);
  });

  it.each([
    ['127.0.0.1', true],
    ['localhost', true],
    ['::1', true],
    ['0.0.0.0', false],
    ['192.168.1.4', false],
  ])('treats %s as loopback: %s', (host, expected) => {
    expect(isLoopbackHost(host)).toBe(expected);
  });
});

describe('helpers', () => {
  it.each([
    ['abcdefgh-5173.localhost:3001', 'localhost', { sandboxId: 'abcdefgh', port: 5173 }],
    ['ABCDEFGH-80.preview.example.com', 'preview.example.com', { sandboxId: 'abcdefgh', port: 80 }],
    ['abcdefgh-5173.evil.com', 'localhost', null],
    ['short-5173.localhost', 'localhost', null],
    ['abcdefgh-70000.localhost', 'localhost', null],
    ['127.0.0.1:3001', 'localhost', null],
  ])('parses preview host %s', (host, domain, expected) => {
    expect(parsePreviewHost(host, domain)).toEqual(expected);
  });

  it.each([
    ['127.0.0.1', true],
    ['::ffff:127.0.0.1', true],
    ['169.254.169.254', true],
    ['::1', true],
    ['::ffff:7f00:1', true],
    ['10.1.2.3', true],
    ['fd00::1', true],
    ['104.16.0.35', false],
    ['2606:4700::6810:1', false],
  ])('egress proxy forbids %s: %s', (address, expected) => {
    expect(isForbiddenAddress(address)).toBe(expected);
  });

  it.each([
    ['plain text', Buffer.from('hello\nworld'), false],
    ['utf-8 text', Buffer.from('héllo ✓'), false],
    ['NUL byte', Buffer.from([104, 0, 105]), true],
    ['invalid utf-8', Buffer.from([0xff, 0xfe, 0x41]), true],
  ])('classifies %s as binary: %s', (_name, content, expected) => {
    expect(isBinary(content)).toBe(expected);
  });

  it.each([
    ['a/b.txt', 'a/b.txt'],
    ['./a//b.txt', 'a/b.txt'],
  ])('resolves %s inside the root', async (input, expected) => {
    const root = await tempDir();
    expect(await resolveSandboxPath(root, input)).toBe(path.join(root, expected));
  });
});
