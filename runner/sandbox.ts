import { mkdir, realpath, rm, stat } from 'node:fs/promises';
import net from 'node:net';
import path from 'node:path';
import { previewUrl, type RunnerMessage, type RunnerRequest } from '../protocol/runner';
import { runFsRequest } from './fs-ops';
import { bwrapArgs, EGRESS_PROXY_PORT, INSIDE, sandboxPath, type IsolationKind, type Logger } from './isolation';
import { NetworkHolder } from './network-holder';
import { RunnerError, resolveSandboxPath } from './paths';
import { PortScanner } from './ports';
import { ProcessTable, type Launch } from './processes';
import { processTree, readListeningSockets, socketInodes } from './procfs';
import { SandboxWatcher } from './watcher';

export interface SandboxContext {
  isolation: IsolationKind;
  /** bwrap only: each sandbox in its own network namespace (else the host network, one PORT per process). */
  privateNetwork: boolean;
  dataDir: string;
  /** Runner-private folder (short path) for per-sandbox unix sockets. */
  runtimeDir: string;
  /** Folder holding forwarder.mjs and sandbox-bashrc.sh. */
  assetsDir: string;
  maxProcesses: number;
  previewUrlTemplate: (sandboxId: string) => string;
  logger: Logger;
}

type SpawnRequest = Extract<RunnerRequest, { type: 'proc.spawn' }>;

const PASSED_THROUGH_ENV = ['npm_config_registry'];

/** One sandbox on the runner: its folder, processes, watcher, ports and connected clients. */
export class RunnerSandbox {
  private readonly clients = new Set<(message: RunnerMessage) => void>();
  private readonly processes: ProcessTable;
  private readonly watcher: SandboxWatcher;
  private readonly ports: PortScanner;
  private holder: NetworkHolder | null = null;
  private holderStarting: Promise<NetworkHolder> | null = null;
  private closed = false;

  private constructor(
    readonly id: string,
    /** Realpath of DATA_DIR/sandboxes/<id>. */
    readonly root: string,
    private readonly context: SandboxContext
  ) {
    this.processes = new ProcessTable(context.maxProcesses, {
      output: (pid, data) => this.broadcast({ type: 'proc.output', pid, data }),
      exit: (pid, exitCode) => this.broadcast({ type: 'proc.exit', pid, exitCode }),
    });
    this.watcher = new SandboxWatcher(root, (events) => this.broadcast({ type: 'watch', events }));
    const url = (port: number) => previewUrl(context.previewUrlTemplate(id), port);
    this.ports = new PortScanner(
      () => this.listPorts(),
      (port) => this.connectToPort(port),
      {
        open: (port) => this.broadcast({ type: 'port', port, state: 'open', url: url(port) }),
        close: (port) => this.broadcast({ type: 'port', port, state: 'close', url: url(port) }),
        ready: (port) => this.broadcast({ type: 'server-ready', port, url: url(port) }),
      }
    );
  }

  static async create(id: string, context: SandboxContext): Promise<RunnerSandbox> {
    const dir = path.join(context.dataDir, 'sandboxes', id);
    await mkdir(dir, { recursive: true });
    await mkdir(path.join(context.dataDir, 'npm-cache'), { recursive: true });
    const sandbox = new RunnerSandbox(id, await realpath(dir), context);
    await sandbox.watcher.start();
    sandbox.ports.start();
    return sandbox;
  }

  get clientCount(): number {
    return this.clients.size;
  }

  /** Register a client; returns its removal function. */
  addClient(send: (message: RunnerMessage) => void): () => void {
    this.clients.add(send);
    return () => this.clients.delete(send);
  }

  broadcast(message: RunnerMessage): void {
    for (const send of this.clients) {
      send(message);
    }
  }

  hasPort(port: number): boolean {
    return this.ports.has(port);
  }

  /** A stream to `port` inside the sandbox (preview proxy, readiness probe). */
  connectToPort(port: number): net.Socket {
    if (this.holder) {
      return this.holder.connect(port);
    }
    return net.connect({ host: '127.0.0.1', port });
  }

  async handle(request: RunnerRequest): Promise<unknown> {
    if (this.closed) {
      throw new RunnerError('EBADF', 'This sandbox has been torn down');
    }
    switch (request.type) {
      case 'proc.spawn':
        return { pid: await this.spawn(request) };
      case 'proc.input':
        this.processes.input(request.pid, request.data);
        return null;
      case 'proc.resize':
        this.processes.resize(request.pid, request.cols, request.rows);
        return null;
      case 'proc.kill':
        await this.processes.kill(request.pid, request.signal);
        return null;
      case 'sandbox.teardown':
        throw new RunnerError('EINVAL', 'teardown is handled by the sandbox manager');
      default:
        return runFsRequest(this.root, request);
    }
  }

  /**
   * Kill every process (no orphans), stop watching, release the network namespace and delete the folder:
   * sandbox ids are per page load (projects live in the database), so nobody comes back for these files.
   */
  async teardown(): Promise<void> {
    this.closed = true;
    this.ports.stop();
    this.watcher.close();
    await this.processes.killAll();
    const holder = this.holder ?? (await this.holderStarting?.catch(() => null));
    await holder?.stop();
    this.holder = null;
    await rm(this.root, { recursive: true, force: true, maxRetries: 3 }).catch((error: unknown) =>
      this.context.logger.warn(`could not delete sandbox folder ${this.root}: ${String(error)}`)
    );
    await rm(path.join(this.context.runtimeDir, this.id), { recursive: true, force: true });
  }

  private async spawn(request: SpawnRequest): Promise<number> {
    const cwdRelative = (request.cwd ?? '').replace(/^\/home\/project\/?/, '');
    const hostCwd = await resolveSandboxPath(this.root, cwdRelative, { allowRoot: true });
    const cwdStat = await stat(hostCwd).catch(() => null);
    if (!cwdStat?.isDirectory()) {
      throw new RunnerError('ENOENT', `Working folder does not exist: ${request.cwd}`);
    }
    const launch =
      this.context.isolation === 'bwrap' ? await this.bwrapLaunch(request, hostCwd) : this.hostLaunch(request, hostCwd);
    return this.processes.spawn(launch, { cols: request.cols, rows: request.rows });
  }

  private baseEnv(home: string): Record<string, string> {
    const env: Record<string, string> = {
      PATH: sandboxPath(),
      HOME: home,
      TERM: 'xterm-256color',
      COLORTERM: 'truecolor',
      LANG: 'C.UTF-8',
      npm_config_update_notifier: 'false',
      npm_config_fund: 'false',
      npm_config_audit: 'false',
    };
    for (const key of PASSED_THROUGH_ENV) {
      const value = process.env[key];
      if (value) {
        env[key] = value;
      }
    }
    return env;
  }

  private command(request: SpawnRequest, assetsDir: string): { command: string; args: string[] } {
    return request.shell
      ? { command: 'bash', args: ['--noprofile', '--rcfile', `${assetsDir}/sandbox-bashrc.sh`, '-i'] }
      : { command: request.command, args: request.args };
  }

  private async bwrapLaunch(request: SpawnRequest, hostCwd: string): Promise<Launch> {
    const holder = this.context.privateNetwork ? await this.ensureHolder() : null;
    const proxy = `http://127.0.0.1:${EGRESS_PROXY_PORT}`;
    const networkEnv: Record<string, string> = holder
      ? {
          HTTP_PROXY: proxy,
          HTTPS_PROXY: proxy,
          http_proxy: proxy,
          https_proxy: proxy,
          npm_config_proxy: proxy,
          npm_config_https_proxy: proxy,
          NO_PROXY: 'localhost,127.0.0.1,::1',
          no_proxy: 'localhost,127.0.0.1,::1',
        }
      : { PORT: String(nextHostPort()) };
    const env = { ...this.baseEnv(INSIDE.home), npm_config_cache: INSIDE.npmCache, ...networkEnv, ...request.env };
    const cwdInside = path.posix.join(INSIDE.project, path.relative(this.root, hostCwd).split(path.sep).join('/'));
    const { command, args } = this.command(request, INSIDE.assets);
    const sandboxArgs = [
      ...bwrapArgs({
        sandboxDir: this.root,
        npmCacheDir: path.join(this.context.dataDir, 'npm-cache'),
        assetsDir: this.context.assetsDir,
        cwd: cwdInside,
        env,
      }),
      '--',
      command,
      ...args,
    ];
    const hostEnv = { PATH: process.env.PATH ?? '/usr/bin:/bin' };
    return holder
      ? { file: 'nsenter', args: [...holder.nsenterArgs(), 'bwrap', ...sandboxArgs], cwd: this.root, env: hostEnv }
      : { file: 'bwrap', args: sandboxArgs, cwd: this.root, env: hostEnv };
  }

  /** Unsandboxed (loopback-only runners without bubblewrap): shared network, so each process gets its own PORT. */
  private hostLaunch(request: SpawnRequest, hostCwd: string): Launch {
    const { command, args } = this.command(request, this.context.assetsDir);
    const env = {
      ...this.baseEnv(this.root),
      npm_config_cache: path.join(this.context.dataDir, 'npm-cache'),
      PORT: String(nextHostPort()),
      ...request.env,
    };
    return { file: command, args, cwd: hostCwd, env };
  }

  private async ensureHolder(): Promise<NetworkHolder> {
    if (this.holder?.alive) {
      return this.holder;
    }
    this.holderStarting ??= NetworkHolder.start({
      sandboxDir: this.root,
      npmCacheDir: path.join(this.context.dataDir, 'npm-cache'),
      assetsDir: this.context.assetsDir,
      bridgeDir: path.join(this.context.runtimeDir, this.id),
      logger: this.context.logger,
    });
    try {
      this.holder = await this.holderStarting;
      return this.holder;
    } finally {
      this.holderStarting = null;
    }
  }

  private async listPorts(): Promise<number[]> {
    if (this.context.isolation === 'bwrap' && this.context.privateNetwork) {
      return this.holder?.alive ? this.holder.listeningPorts() : [];
    }
    const pids = await processTree(this.processes.pids());
    if (pids.length === 0) {
      return [];
    }
    const inodes = await socketInodes(pids);
    const sockets = await readListeningSockets('/proc');
    return [...new Set(sockets.filter((socket) => inodes.has(socket.inode)).map((socket) => socket.port))];
  }
}

/** Distinct PORT values for unsandboxed processes, which all share the host's network. */
let hostPortCounter = 0;
function nextHostPort(): number {
  hostPortCounter = (hostPortCounter + 1) % 1000;
  return 3100 + hostPortCounter;
}
