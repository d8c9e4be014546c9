import { describe, expect, it, vi } from 'vitest';
import { uploadProjectFile } from '~/lib/api/direct-upload';
import { ShellSession } from '~/lib/runtime/shell-session';
import { FakeSandbox } from '~/lib/runtime/testing/fake-sandbox';
import { createWorkbenchStore } from '~/lib/stores/workbench';
import { openProjectSession } from './project-session';
import { createAssistantRuntime } from './runtime-adapter';
import { binaryPathsToSave, createBinaryFiles, loadSavedBinaries, MALFORMED_PROJECT_FILE, sha1Hex, type SavedProjectFile } from './binary-files';

const binary = { content: '', isBinary: true };
const text = (content: string) => ({ content, isBinary: false });
const png = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0, 1, 2, 3]);

/** A fake Kiln server: direct uploads store bytes under a new signed id, blobs are served back. */
function fakeServer(options: { failUploads?: boolean } = {}) {
  const blobs = new Map<string, Uint8Array>();
  const uploads: string[] = [];
  const fetchFn = vi.fn(async (input: RequestInfo | URL, init?: RequestInit): Promise<Response> => {
    const url = new URL(String(input), 'http://kiln.test');
    const upload = /^\/api\/projects\/([^/]+)\/direct_uploads$/.exec(url.pathname);
    if (upload && init?.method === 'POST') {
      if (options.failUploads) return new Response('nope', { status: 500 });
      const filename = url.searchParams.get('filename') ?? '';
      uploads.push(filename);
      const signedId = `blob-${blobs.size + 1}`;
      blobs.set(signedId, new Uint8Array(await new Response(init.body).arrayBuffer()));
      return Response.json({ signed_id: signedId, filename, url: `/api/storage/blobs/${signedId}/${filename}` }, { status: 201 });
    }
    const blob = /^\/api\/storage\/blobs\/([^/]+)\/[^/]+$/.exec(url.pathname);
    const bytes = blob ? blobs.get(decodeURIComponent(blob[1])) : undefined;
    return bytes ? new Response(bytes as Uint8Array<ArrayBuffer>) : new Response('Not found', { status: 404 });
  });
  return { fetch: fetchFn as unknown as typeof fetch, fetchMock: fetchFn, blobs, uploads };
}

async function setup(files: Record<string, string | Uint8Array>, server = fakeServer(), maxBytes?: number) {
  const sandbox = new FakeSandbox();
  await sandbox.mount(Object.entries(files).map(([path, content]) => ({ path, content })));
  const onUploadFailed = vi.fn();
  const warn = vi.fn();
  const binaries = createBinaryFiles({
    readFile: (path) => sandbox.fs.readFile(path),
    upload: (file) => uploadProjectFile('my-app', file, { fetch: server.fetch }),
    onUploadFailed,
    warn,
    maxBytes,
  });
  return { sandbox, binaries, server, onUploadFailed, warn };
}

describe('binaryPathsToSave', () => {
  it.each([
    ['public/logo.png', true],
    ['logo.png', true],
    ['node_modules/pkg/logo.png', false],
    ['.git/objects/ab', false],
    ['.kiln/image.png', false],
    ['public/favicon.ico', false],
    ['generated/big.bin', false],
  ])('%s is saved: %s', (path, saved) => {
    const files = { [path]: binary, '.kiln/ignore': text('generated/\n'), 'src/a.ts': text('x') };
    expect(binaryPathsToSave(files)).toEqual(saved ? [path] : []);
  });

  it('leaves text files to the text save', () => {
    expect(binaryPathsToSave({ 'a.ts': text('x'), 'b.png': binary })).toEqual(['b.png']);
  });
});

describe('createBinaryFiles', () => {
  it('uploads each content once and references it from every path', async () => {
    const { binaries, server } = await setup({ 'public/a.png': png, 'public/copy.png': png, 'src/a.ts': 'x' });
    const files = { 'public/a.png': binary, 'public/copy.png': binary, 'src/a.ts': text('x') };
    await binaries.prepare(files);
    await binaries.prepare(files);
    expect(server.uploads).toEqual(['a.png']);
    expect(binaries.entries()).toEqual({
      'public/a.png': { type: 'file', fullPath: 'public/a.png', name: 'a.png', contents: '', isBinary: true, blobId: 'blob-1' },
      'public/copy.png': { type: 'file', fullPath: 'public/copy.png', name: 'copy.png', contents: '', isBinary: true, blobId: 'blob-1' },
    });
    expect(server.blobs.get('blob-1')).toEqual(png);
  });

  it('uploads again once the bytes change', async () => {
    const { binaries, server, sandbox } = await setup({ 'a.png': png });
    await binaries.prepare({ 'a.png': binary });
    await sandbox.fs.writeFile('a.png', new Uint8Array([9, 9, 9]));
    await binaries.prepare({ 'a.png': binary });
    expect(server.uploads).toEqual(['a.png', 'a.png']);
    expect(binaries.entries()['a.png'].blobId).toBe('blob-2');
  });

  it('toasts a failed upload and saves without that file', async () => {
    const { binaries, onUploadFailed } = await setup({ 'img/logo.png': png }, fakeServer({ failUploads: true }));
    await binaries.prepare({ 'img/logo.png': binary });
    expect(onUploadFailed).toHaveBeenCalledWith('Failed to upload file: logo.png');
    expect(binaries.entries()).toEqual({});
  });

  it('skips files over the size cap with a warning', async () => {
    const { binaries, server, warn } = await setup({ 'big.bin': new Uint8Array(11), 'small.bin': new Uint8Array(10) }, fakeServer(), 10);
    await binaries.prepare({ 'big.bin': binary, 'small.bin': binary });
    expect(server.uploads).toEqual(['small.bin']);
    expect(Object.keys(binaries.entries())).toEqual(['small.bin']);
    expect(warn).toHaveBeenCalledWith(expect.stringContaining('big.bin is not saved'));
  });

  it('drops entries of binaries that are gone', async () => {
    const { binaries, warn } = await setup({ 'a.png': png });
    await binaries.prepare({ 'a.png': binary });
    await binaries.prepare({ 'b.png': binary });
    expect(binaries.entries()).toEqual({});
    expect(warn).toHaveBeenCalledWith(expect.stringContaining('Could not read b.png'));
  });
});

describe('loadSavedBinaries', () => {
  it('fetches saved blobs so reopening writes the bytes into the sandbox', async () => {
    const server = fakeServer();
    server.blobs.set('blob-9', png);
    const loaded = await loadSavedBinaries({ 'public/logo.png': { content: '', isBinary: true, blobId: 'blob-9' }, 'a.ts': text('x') }, { fetch: server.fetch });
    expect(server.fetchMock).toHaveBeenCalledWith('/api/storage/blobs/blob-9/logo.png');
    const sandbox = new FakeSandbox();
    await sandbox.mount(loaded);
    expect(await sandbox.fs.readFile('public/logo.png')).toEqual(png);
  });

  it.each<[string, SavedProjectFile, string]>([
    ['binary without a blob', { content: '', isBinary: true }, `${MALFORMED_PROJECT_FILE}: x.png`],
    ['blob that is missing', { content: '', isBinary: true, blobId: 'gone' }, 'Could not load x.png: status 404'],
  ])('logs a %s and skips it', async (_case, file, message) => {
    const warn = vi.fn();
    expect(await loadSavedBinaries({ 'x.png': file }, { fetch: fakeServer().fetch, warn })).toEqual([]);
    expect(warn).toHaveBeenCalledWith(message);
  });
});

describe('saved binaries that could not be loaded', () => {
  it('keep their reference until a file takes the path', async () => {
    const server = fakeServer();
    const { binaries } = await setup({ 'other.png': png }, server);
    await loadSavedBinaries({ 'lost.png': { content: '', isBinary: true, blobId: 'blob-x' } }, { fetch: server.fetch, binaries, warn: vi.fn() });
    await binaries.prepare({ 'other.png': binary });
    expect(Object.keys(binaries.entries()).sort()).toEqual(['lost.png', 'other.png']);
    expect(binaries.entries()['lost.png'].blobId).toBe('blob-x');
    await binaries.prepare({ 'lost.png': text('now text') });
    expect(binaries.entries()).toEqual({});
  });
});

describe('round trip', () => {
  it('saves a binary, reopens it byte for byte and does not upload it again', async () => {
    const server = fakeServer();
    const first = await setup({ 'assets/photo.jpg': png, 'index.html': '<img>' }, server);
    await first.binaries.prepare({ 'assets/photo.jpg': binary, 'index.html': text('<img>') });
    const saved: Record<string, SavedProjectFile> = { 'index.html': text('<img>') };
    for (const [path, entry] of Object.entries(first.binaries.entries())) {
      saved[path] = { content: entry.contents, isBinary: entry.isBinary, blobId: entry.blobId };
    }

    const reopened = await setup({}, server);
    await reopened.sandbox.mount(await loadSavedBinaries(saved, { fetch: server.fetch, binaries: reopened.binaries }));
    expect(await reopened.sandbox.fs.readFile('assets/photo.jpg')).toEqual(png);
    await reopened.binaries.prepare({ 'assets/photo.jpg': binary });
    expect(server.uploads).toEqual(['photo.jpg']);
    expect(reopened.binaries.entries()['assets/photo.jpg'].blobId).toBe('blob-1');
  });

  it('hashes with SHA-1', async () => {
    expect(await sha1Hex(new TextEncoder().encode('abc'))).toBe('a9993e364706816aba3e25717850c26c9cd0d89d');
  });
});

describe('project session with binaries', () => {
  it('mounts saved blobs on open and saves them back by reference, without uploading them again', async () => {
    const server = fakeServer();
    server.blobs.set('blob-7', png);
    const saves: unknown[] = [];
    const fetchFn = async (input: RequestInfo | URL, init?: RequestInit): Promise<Response> => {
      if (String(input) === '/api/projects/my-app' && init?.method === 'PATCH') {
        saves.push(JSON.parse(String(init.body)));
        return Response.json({ editedAt: '2026-01-02T00:00:00.000Z' });
      }
      return server.fetch(input, init);
    };
    const sandbox = new FakeSandbox();
    const session = openProjectSession(
      {
        project: { id: 'p1', slug: 'my-app', title: 'App', editedAt: '2026-01-01T00:00:00.000Z', frozen: false, isOwner: true, visibility: 'private' },
        files: { 'index.html': text('<img src="logo.png">'), 'public/logo.png': { content: '', isBinary: true, blobId: 'blob-7' } },
        messages: [],
        sandbox: { kind: 'runner', url: 'ws://runner', sandboxId: 'abcdefgh1234', token: 't' },
        viewer: { id: 'v1', username: 'ada', isGuest: false },
      },
      {
        createSandbox: async () => sandbox,
        createWorkbench: (created) => createWorkbenchStore({ sandbox: created }),
        createShell: (created) => new ShellSession({ sandbox: created }),
        createRuntime: createAssistantRuntime,
        detectStartCommand: () => null,
        fetch: fetchFn,
      },
    );
    await session.start();
    expect(await sandbox.fs.readFile('public/logo.png')).toEqual(png);
    await session.save.save();
    expect(saves).toEqual([
      {
        editedAt: '2026-01-01T00:00:00.000Z',
        project: {
          appFiles: {
            'index.html': { type: 'file', contents: '<img src="logo.png">', isBinary: false },
            'public/logo.png': { type: 'file', fullPath: 'public/logo.png', name: 'logo.png', contents: '', isBinary: true, blobId: 'blob-7' },
          },
        },
      },
    ]);
    expect(server.uploads).toEqual([]);
    await session.dispose();
  });
});
