import { mkdir, readdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { DirEntry, FileEncoding, RunnerRequest } from '../protocol/runner';
import { resolveSandboxPath } from './paths';

type FsRequest = Extract<RunnerRequest, { type: `fs.${string}` }>;

function decode(data: string, encoding: FileEncoding): Buffer {
  return encoding === 'base64' ? Buffer.from(data, 'base64') : Buffer.from(data, 'utf8');
}

async function writeInside(root: string, relative: string, data: string, encoding: FileEncoding): Promise<void> {
  const target = await resolveSandboxPath(root, relative);
  await mkdir(path.dirname(target), { recursive: true });
  // Re-check now that the parent exists, so a symlinked parent cannot redirect the write.
  await resolveSandboxPath(root, relative);
  await writeFile(target, decode(data, encoding));
}

/** Run one fs.* request against the sandbox folder `root` (a realpath). Throws RunnerError or fs errors. */
export async function runFsRequest(root: string, request: FsRequest): Promise<unknown> {
  switch (request.type) {
    case 'fs.readFile': {
      const data = await readFile(await resolveSandboxPath(root, request.path));
      return { data: data.toString(request.encoding === 'base64' ? 'base64' : 'utf8'), encoding: request.encoding };
    }
    case 'fs.writeFile':
      await writeInside(root, request.path, request.data, request.encoding);
      return null;
    case 'fs.mkdir':
      await mkdir(await resolveSandboxPath(root, request.path), { recursive: request.recursive });
      return null;
    case 'fs.readdir': {
      const dir = await resolveSandboxPath(root, request.path, { allowRoot: true });
      const entries = await readdir(dir, { withFileTypes: true });
      const result: DirEntry[] = entries
        .filter((entry) => entry.isFile() || entry.isDirectory())
        .map((entry) => ({ name: entry.name, type: entry.isDirectory() ? 'directory' : 'file' }));
      return { entries: result };
    }
    case 'fs.rm':
      await rm(await resolveSandboxPath(root, request.path, { noFollow: true }), {
        recursive: request.recursive,
        force: request.force,
      });
      return null;
    case 'fs.rename': {
      const from = await resolveSandboxPath(root, request.from, { noFollow: true });
      const to = await resolveSandboxPath(root, request.to, { noFollow: true });
      await mkdir(path.dirname(to), { recursive: true });
      await rename(from, to);
      return null;
    }
    case 'fs.mount':
      for (const file of request.files) {
        await writeInside(root, file.path, file.data, file.encoding);
      }
      return null;
  }
}
