import { symlink, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Sandbox } from '../app/lib/sandbox/types';
import { startTestRunner, type TestRunner } from './test-support';

let runner: TestRunner;
let sandbox: Sandbox;
let sandboxId: string;

beforeAll(async () => {
  runner = await startTestRunner();
  sandboxId = 'fstests01';
  sandbox = await runner.connect(sandboxId);
});

afterAll(async () => {
  await sandbox.teardown();
  await runner.close();
});

describe('runner file system through runner.client', () => {
  it('writes and reads text and bytes, with workdir prefixes stripped', async () => {
    await sandbox.fs.writeFile('/project/src/hello.txt', 'héllo');
    expect(await sandbox.fs.readFile('src/hello.txt', 'utf-8')).toBe('héllo');
    await sandbox.fs.writeFile('bin.dat', new Uint8Array([0, 1, 2, 255]));
    expect([...(await sandbox.fs.readFile('/bin.dat'))]).toEqual([0, 1, 2, 255]);
  });

  it('lists, renames and removes', async () => {
    await sandbox.fs.mkdir('dir/sub', { recursive: true });
    await sandbox.fs.writeFile('dir/a.txt', 'a');
    const entries = await sandbox.fs.readdir('dir');
    expect(entries.map((entry) => [entry.name, entry.isDirectory()]).sort()).toEqual([
      ['a.txt', false],
      ['sub', true],
    ]);
    await sandbox.fs.rename('dir/a.txt', 'dir/sub/b.txt');
    expect(await sandbox.fs.readFile('dir/sub/b.txt', 'utf-8')).toBe('a');
    await sandbox.fs.rm('dir', { recursive: true });
    await expect(sandbox.fs.readdir('dir')).rejects.toMatchObject({ code: 'ENOENT' });
  });

  it('runs the file operations of one client in order, even when not awaited one by one', async () => {
    const write = sandbox.fs.writeFile('order/a.txt', 'x'.repeat(200_000));
    const rename = sandbox.fs.rename('order/a.txt', 'order/b.txt');
    const read = sandbox.fs.readFile('order/b.txt', 'utf-8');
    await Promise.all([write, rename]);
    expect((await read).length).toBe(200_000);
  });

  it('mounts many files at once', async () => {
    await sandbox.mount([
      { path: 'm/one.txt', content: '1' },
      { path: 'm/deep/two.bin', content: new Uint8Array([7]) },
    ]);
    expect(await sandbox.fs.readFile('m/one.txt', 'utf-8')).toBe('1');
    expect([...(await sandbox.fs.readFile('m/deep/two.bin'))]).toEqual([7]);
  });

  it.each([
    ['parent escape', '../outside.txt', 'EINVAL'],
    ['nested escape', 'a/../../outside.txt', 'EINVAL'],
    ['NUL byte', 'a\0b', 'EINVAL'],
  ])('rejects a %s', async (_name, badPath, code) => {
    await expect(sandbox.fs.writeFile(badPath, 'x')).rejects.toMatchObject({ code });
  });

  it('rejects symlinks leading outside the sandbox, for reads and writes', async () => {
    const root = path.join(runner.dataDir, 'sandboxes', sandboxId);
    await writeFile(path.join(runner.dataDir, 'secret.txt'), 'top secret');
    await symlink(path.join(runner.dataDir, 'secret.txt'), path.join(root, 'link.txt'));
    await symlink(runner.dataDir, path.join(root, 'linkdir'));
    await symlink('/nonexistent-kiln-target', path.join(root, 'dangling'));
    await expect(sandbox.fs.readFile('link.txt', 'utf-8')).rejects.toMatchObject({ code: 'EACCES' });
    await expect(sandbox.fs.writeFile('linkdir/new.txt', 'x')).rejects.toMatchObject({ code: 'EACCES' });
    await expect(sandbox.fs.writeFile('dangling', 'x')).rejects.toMatchObject({ code: 'EACCES' });
    // Removing the link itself is fine: it does not touch the target.
    await sandbox.fs.rm('link.txt');
  });

  it('reports missing files as ENOENT without naming host paths', async () => {
    const error = await sandbox.fs.readFile('missing.txt').catch((caught: unknown) => caught);
    expect(error).toMatchObject({ code: 'ENOENT' });
    expect(String((error as Error).message)).not.toContain(runner.dataDir);
  });

  it('answers malformed requests with an error instead of crashing', async () => {
    await expect(sandbox.fs.readFile('')).rejects.toMatchObject({ code: 'BAD_REQUEST' });
    expect(await sandbox.fs.readFile('m/one.txt', 'utf-8')).toBe('1');
  });
});
