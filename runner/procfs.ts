import { readdir, readFile, readlink } from 'node:fs/promises';

export interface ListeningSocket {
  port: number;
  inode: number;
}

const LISTEN_STATE = '0A';

/** Listening TCP sockets from /proc/<x>/net/tcp and tcp6 (`base` is '/proc' or '/proc/<pid>'). */
export async function readListeningSockets(base: string): Promise<ListeningSocket[]> {
  const sockets: ListeningSocket[] = [];
  for (const file of ['net/tcp', 'net/tcp6']) {
    const text = await readFile(`${base}/${file}`, 'utf8').catch(() => '');
    for (const line of text.split('\n').slice(1)) {
      const fields = line.trim().split(/\s+/);
      if (fields.length < 10 || fields[3] !== LISTEN_STATE) {
        continue;
      }
      const port = Number.parseInt(fields[1].split(':')[1] ?? '', 16);
      const inode = Number(fields[9]);
      if (Number.isInteger(port) && port > 0) {
        sockets.push({ port, inode });
      }
    }
  }
  return sockets;
}

/** Parent of every live process, read from /proc/<pid>/stat. */
async function readParents(): Promise<Map<number, number>> {
  const parents = new Map<number, number>();
  const entries = await readdir('/proc').catch(() => [] as string[]);
  await Promise.all(
    entries
      .filter((name) => /^\d+$/.test(name))
      .map(async (name) => {
        const stat = await readFile(`/proc/${name}/stat`, 'utf8').catch(() => null);
        if (!stat) {
          return;
        }
        // The command name may contain spaces and parentheses: fields start after the last ')'.
        const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
        parents.set(Number(name), Number(fields[1]));
      })
  );
  return parents;
}

/** The given processes and all their descendants that are still alive. */
export async function processTree(roots: number[]): Promise<number[]> {
  const parents = await readParents();
  const children = new Map<number, number[]>();
  for (const [pid, parent] of parents) {
    children.set(parent, [...(children.get(parent) ?? []), pid]);
  }
  const result: number[] = [];
  const queue = roots.filter((pid) => parents.has(pid));
  while (queue.length > 0) {
    const pid = queue.shift() as number;
    result.push(pid);
    queue.push(...(children.get(pid) ?? []));
  }
  return result;
}

/** Socket inodes held open by the given processes. */
export async function socketInodes(pids: number[]): Promise<Set<number>> {
  const inodes = new Set<number>();
  await Promise.all(
    pids.map(async (pid) => {
      const fds = await readdir(`/proc/${pid}/fd`).catch(() => [] as string[]);
      await Promise.all(
        fds.map(async (fd) => {
          const target = await readlink(`/proc/${pid}/fd/${fd}`).catch(() => '');
          const match = /^socket:\[(\d+)\]$/.exec(target);
          if (match) {
            inodes.add(Number(match[1]));
          }
        })
      );
    })
  );
  return inodes;
}

/** Signal every process in the tree; processes that are already gone are ignored. */
export async function signalTree(roots: number[], signal: NodeJS.Signals): Promise<void> {
  for (const pid of await processTree(roots)) {
    try {
      process.kill(pid, signal);
    } catch {
      // Exited meanwhile.
    }
  }
}
