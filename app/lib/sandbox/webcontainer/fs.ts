/** Paths, the file-system adapter and mount trees for the WebContainer sandbox. */
import type { MountFiles, SandboxDirEntry, SandboxFileSystem } from '../types';
import type { FileSystemTreeLike, WebContainerFsLike } from './api-types';

/**
 * Make a Sandbox path relative to the workdir, the same way runner.client does: '/home/project/src/a.ts',
 * '/project/src/a.ts', 'project/src/a.ts' and './src/a.ts' all become 'src/a.ts'; the workdir itself is '.'.
 */
export function toWorkdirPath(path: string, absoluteWorkdir: string): string {
  const workdirName = absoluteWorkdir.slice(absoluteWorkdir.lastIndexOf('/') + 1);
  let result = path.replace(/\\/g, '/');
  if (result === absoluteWorkdir || result.startsWith(`${absoluteWorkdir}/`)) {
    result = result.slice(absoluteWorkdir.length);
  }
  result = result.replace(/^\/+/, '');
  if (result === workdirName || result.startsWith(`${workdirName}/`)) {
    result = result.slice(workdirName.length);
  }
  result = result.replace(/^\/+/, '').replace(/^(\.\/)+/, '').replace(/\/+$/, '');
  return result === '' ? '.' : result;
}

export function createWebContainerFs(fs: WebContainerFsLike, absoluteWorkdir: string): SandboxFileSystem {
  const resolve = (path: string) => toWorkdirPath(path, absoluteWorkdir);

  function readFile(path: string): Promise<Uint8Array>;
  function readFile(path: string, encoding: 'utf-8' | 'utf8'): Promise<string>;
  function readFile(path: string, encoding?: 'utf-8' | 'utf8'): Promise<Uint8Array | string> {
    return encoding ? fs.readFile(resolve(path), encoding) : fs.readFile(resolve(path));
  }

  return {
    readFile,
    writeFile: (path, data) => fs.writeFile(resolve(path), data),
    async mkdir(path, options) {
      if (options?.recursive) {
        await fs.mkdir(resolve(path), { recursive: true });
      } else {
        await fs.mkdir(resolve(path));
      }
    },
    async readdir(path): Promise<SandboxDirEntry[]> {
      const entries = await fs.readdir(resolve(path), { withFileTypes: true });
      return entries.map((entry) => ({
        name: entry.name,
        isFile: () => entry.isFile(),
        isDirectory: () => entry.isDirectory(),
      }));
    },
    rm: (path, options) => fs.rm(resolve(path), options),
    rename: (oldPath, newPath) => fs.rename(resolve(oldPath), resolve(newPath)),
  };
}

/** Turn a flat list of files into the nested tree WebContainer's `mount` takes. */
export function buildFileSystemTree(files: MountFiles, absoluteWorkdir: string): FileSystemTreeLike {
  const root: FileSystemTreeLike = {};
  for (const { path, content } of files) {
    const relative = toWorkdirPath(path, absoluteWorkdir);
    const segments = relative.split('/').filter((segment) => segment !== '' && segment !== '.');
    const fileName = segments.pop();
    if (!fileName || segments.includes('..') || fileName === '..') {
      throw new Error(`Cannot mount '${path}': not a file path inside the project`);
    }
    let folder = root;
    for (const segment of segments) {
      const node = folder[segment] ?? { directory: {} };
      if (!('directory' in node)) {
        throw new Error(`Cannot mount '${path}': '${segment}' is a file`);
      }
      folder[segment] = node;
      folder = node.directory;
    }
    if (folder[fileName] && 'directory' in folder[fileName]) {
      throw new Error(`Cannot mount '${path}': it is a folder`);
    }
    folder[fileName] = { file: { contents: content } };
  }
  return root;
}
