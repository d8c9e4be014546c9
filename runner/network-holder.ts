import { spawn, type ChildProcess } from 'node:child_process';
import { mkdir, readlink, rm } from 'node:fs/promises';
import net from 'node:net';
import path from 'node:path';
import { handleEgressConnection } from './egress-proxy';
import { bwrapArgs, EGRESS_PROXY_PORT, INSIDE, nodeBinary, sandboxPath, type Logger } from './isolation';
import { processTree, readListeningSockets } from './procfs';

export interface NetworkHolderOptions {
  sandboxDir: string;
  npmCacheDir: string;
  assetsDir: string;
  /** Runner-private folder for this sandbox's two unix sockets (short path: sun_path is ~107 bytes). */
  bridgeDir: string;
  logger: Logger;
}

const START_TIMEOUT_MS = 15_000;

/**
 * A sandbox's private network namespace, kept alive by forwarder.mjs running under bwrap --unshare-net.
 * Every process of the sandbox joins this namespace (nsenter), so each sandbox has its own loopback:
 * two sandboxes can both listen on 5173. The runner reaches those ports through the forwarder's unix
 * socket, and the sandbox reaches the npm registry through the egress proxy the runner serves.
 */
export class NetworkHolder {
  private constructor(
    private readonly child: ChildProcess,
    private readonly egress: net.Server,
    /** A process inside the namespace (host pid), for nsenter and /proc/<pid>/net/tcp. */
    readonly innerPid: number,
    private readonly inSocket: string
  ) {}

  static async start(options: NetworkHolderOptions): Promise<NetworkHolder> {
    await rm(options.bridgeDir, { recursive: true, force: true });
    await mkdir(options.bridgeDir, { recursive: true, mode: 0o700 });
    const outSocket = path.join(options.bridgeDir, 'out.sock');
    const egress = net.createServer(handleEgressConnection);
    await new Promise<void>((resolve, reject) => {
      egress.once('error', reject);
      egress.listen(outSocket, resolve);
    });
    const args = bwrapArgs({
      sandboxDir: options.sandboxDir,
      npmCacheDir: options.npmCacheDir,
      assetsDir: options.assetsDir,
      cwd: INSIDE.project,
      env: { PATH: sandboxPath() },
      extra: ['--unshare-net', '--bind', options.bridgeDir, INSIDE.bridge],
    });
    const child = spawn(
      'bwrap',
      [
        ...args,
        '--',
        nodeBinary(),
        `${INSIDE.assets}/forwarder.mjs`,
        `${INSIDE.bridge}/in.sock`,
        `${INSIDE.bridge}/out.sock`,
        String(EGRESS_PROXY_PORT),
      ],
      { stdio: ['ignore', 'pipe', 'pipe'] }
    );
    try {
      await waitForReady(child);
      const innerPid = await findNamespaceMember(child.pid ?? -1);
      child.stderr?.on('data', (chunk: Buffer) => options.logger.warn(`forwarder: ${chunk.toString().trim()}`));
      return new NetworkHolder(child, egress, innerPid, path.join(options.bridgeDir, 'in.sock'));
    } catch (error) {
      child.kill('SIGKILL');
      egress.close();
      throw error;
    }
  }

  get alive(): boolean {
    return this.child.exitCode === null && this.child.signalCode === null;
  }

  /** nsenter arguments that put the next command into this namespace. */
  nsenterArgs(): string[] {
    const asRoot = process.getuid?.() === 0;
    // Unprivileged: the namespace belongs to bwrap's user namespace, which we must enter too.
    return asRoot
      ? [`--net=/proc/${this.innerPid}/ns/net`, '--']
      : ['-t', String(this.innerPid), '--user', '--net', '--preserve-credentials', '--'];
  }

  /** A stream to `port` on the sandbox's loopback. Errors (nothing listening) surface as a closed socket. */
  connect(port: number): net.Socket {
    const socket = net.connect(this.inSocket);
    socket.write(`${port}\n`);
    return socket;
  }

  async listeningPorts(): Promise<number[]> {
    const sockets = await readListeningSockets(`/proc/${this.innerPid}`);
    return [...new Set(sockets.map((socket) => socket.port))].filter((port) => port !== EGRESS_PROXY_PORT);
  }

  async stop(): Promise<void> {
    if (this.alive) {
      const exited = new Promise((resolve) => this.child.once('exit', resolve));
      this.child.kill('SIGKILL');
      await exited;
    }
    await new Promise((resolve) => this.egress.close(resolve));
  }
}

function waitForReady(child: ChildProcess): Promise<void> {
  return new Promise((resolve, reject) => {
    let output = '';
    let errors = '';
    const timer = setTimeout(() => reject(new Error('Sandbox network did not start in time')), START_TIMEOUT_MS);
    child.stderr?.on('data', (chunk: Buffer) => (errors += chunk.toString()));
    child.stdout?.on('data', (chunk: Buffer) => {
      output += chunk.toString();
      if (output.includes('ready\n')) {
        clearTimeout(timer);
        resolve();
      }
    });
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`Sandbox network exited (code ${code}): ${errors.trim()}`));
    });
  });
}

/** bwrap forks the namespaced child: find a descendant whose network namespace differs from ours. */
async function findNamespaceMember(bwrapPid: number): Promise<number> {
  const own = await readlink('/proc/self/ns/net');
  for (const pid of await processTree([bwrapPid])) {
    const ns = await readlink(`/proc/${pid}/ns/net`).catch(() => own);
    if (ns !== own) {
      return pid;
    }
  }
  throw new Error('Could not find the sandbox network namespace');
}

/**
 * Whether sandboxes can get private networks here: start a holder and join its namespace once. Joining
 * needs privileges over bwrap's namespaces (works as root; unprivileged setns into them is refused on
 * some kernels), so this is tried rather than assumed.
 */
export async function probePrivateNetwork(options: {
  scratchDir: string;
  npmCacheDir: string;
  assetsDir: string;
  logger: Logger;
}): Promise<boolean> {
  const sandboxDir = path.join(options.scratchDir, 'probe-sandbox');
  await mkdir(sandboxDir, { recursive: true });
  await mkdir(options.npmCacheDir, { recursive: true });
  let holder: NetworkHolder | null = null;
  try {
    holder = await NetworkHolder.start({ ...options, sandboxDir, bridgeDir: path.join(options.scratchDir, 'probe') });
    const joined = holder.nsenterArgs();
    await new Promise<void>((resolve, reject) => {
      const child = spawn('nsenter', [...joined, 'true'], { stdio: 'ignore' });
      child.once('error', reject);
      child.once('exit', (code) => (code === 0 ? resolve() : reject(new Error(`nsenter exited ${code}`))));
    });
    return true;
  } catch {
    return false;
  } finally {
    await holder?.stop();
    await rm(sandboxDir, { recursive: true, force: true });
    await rm(path.join(options.scratchDir, 'probe'), { recursive: true, force: true });
  }
}
