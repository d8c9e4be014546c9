import { mkdtemp, rm } from 'node:fs/promises';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import type { Duplex } from 'node:stream';
import { fileURLToPath } from 'node:url';
import { WebSocketServer, type WebSocket } from 'ws';
import { SANDBOX_ID_PATTERN, type RunnerMessage } from '../protocol/runner';
import { verifyRunnerToken } from '../protocol/token';
import { isLoopbackHost, parseRunnerEnv, type RunnerConfig } from './config';
import { chooseIsolation, type Logger } from './isolation';
import { probePrivateNetwork } from './network-holder';
import { handleSocketMessage } from './messages';
import { RunnerError } from './paths';
import { parsePreviewHost, proxyHttp, proxyUpgrade, type PreviewTarget } from './preview-proxy';
import { SandboxManager } from './sandbox-manager';

export interface StartRunnerOptions {
  /** Environment to read the configuration from (default process.env). */
  env?: Record<string, string | undefined>;
  /** Overrides applied after parsing the environment (tests). */
  config?: Partial<RunnerConfig>;
  logger?: Logger;
  /** Folder holding forwarder.mjs and sandbox-bashrc.sh (default: beside this module). */
  assetsDir?: string;
}

export interface RunningRunner {
  port: number;
  sandboxed: boolean;
  /** Each sandbox has its own network namespace (same ports in two sandboxes do not clash). */
  privateNetwork: boolean;
  close(): Promise<void>;
}

const HEARTBEAT_MS = 30_000;

const defaultLogger: Logger = {
  info: (message) => console.info(`[runner] ${message}`),
  warn: (message) => console.warn(`[runner] ${message}`),
};

function rejectUpgrade(socket: Duplex, status: string, reason: string): void {
  socket.end(
    `HTTP/1.1 ${status}\r\nContent-Type: text/plain\r\nContent-Length: ${Buffer.byteLength(
      reason
    )}\r\nConnection: close\r\n\r\n${reason}`
  );
}

function send(socket: WebSocket, message: RunnerMessage): void {
  if (socket.readyState === socket.OPEN) {
    socket.send(JSON.stringify(message));
  }
}

/** Start the sandbox tier: WebSocket API at /sandbox/<id>, preview proxy for <id>-<port>.<domain> hosts. */
export async function startRunner(options: StartRunnerOptions = {}): Promise<RunningRunner> {
  const config = { ...parseRunnerEnv(options.env ?? process.env), ...options.config };
  const logger = options.logger ?? defaultLogger;
  const isolation = await chooseIsolation(config.sandboxMode, isLoopbackHost(config.host), logger);
  const runtimeDir = await mkdtemp(path.join(os.tmpdir(), 'kiln-runner-'));
  const assetsDir = options.assetsDir ?? path.dirname(fileURLToPath(import.meta.url));
  const privateNetwork =
    isolation === 'bwrap' &&
    (config.privateNetwork ??
      (await probePrivateNetwork({
        scratchDir: runtimeDir,
        npmCacheDir: path.join(config.dataDir, 'npm-cache'),
        assetsDir,
        logger,
      })));
  if (isolation === 'bwrap' && !privateNetwork) {
    logger.warn(
      'Sandboxes share the host network: a private network per sandbox needs the runner to join bwrap namespaces (run it as root in its container). Each process gets its own PORT instead.'
    );
  }
  let publicPort = config.publicPort ?? config.port;
  const templateFor = (id: string) => `http://${id}-{port}.${config.previewDomain}:${publicPort}/`;

  const manager = new SandboxManager(
    {
      isolation,
      privateNetwork,
      dataDir: config.dataDir,
      runtimeDir,
      assetsDir,
      maxProcesses: config.maxProcesses,
      previewUrlTemplate: templateFor,
      logger,
    },
    { maxSandboxes: config.maxSandboxes, idleMs: config.idleMs }
  );

  const previewTarget = async (sandboxId: string, port: number): Promise<PreviewTarget> => {
    const sandbox = await manager.find(sandboxId);
    return { port, connect: sandbox?.hasPort(port) ? () => sandbox.connectToPort(port) : null };
  };

  const server = http.createServer((req, res) => {
    const preview = parsePreviewHost(req.headers.host, config.previewDomain);
    if (preview) {
      void previewTarget(preview.sandboxId, preview.port).then((target) => proxyHttp(req, res, target));
      return;
    }
    if (req.url === '/health') {
      res
        .writeHead(200, { 'content-type': 'application/json' })
        .end(JSON.stringify({ ok: true, sandboxed: isolation === 'bwrap' }));
      return;
    }
    res.writeHead(404, { 'content-type': 'text/plain' }).end('Not found');
  });

  const wss = new WebSocketServer({ noServer: true, maxPayload: 64 * 1024 * 1024 });
  // Clients that vanished without a close frame stop counting as connected (so idle reaping works).
  const alive = new WeakMap<WebSocket, boolean>();
  const heartbeat = setInterval(() => {
    for (const client of wss.clients) {
      if (alive.get(client) === false) {
        client.terminate();
        continue;
      }
      alive.set(client, false);
      client.ping();
    }
  }, HEARTBEAT_MS);
  heartbeat.unref();

  server.on('upgrade', (req, socket, head) => {
    socket.on('error', () => socket.destroy());
    const preview = parsePreviewHost(req.headers.host, config.previewDomain);
    if (preview) {
      void previewTarget(preview.sandboxId, preview.port).then((target) => proxyUpgrade(req, socket, head, target));
      return;
    }
    const url = new URL(req.url ?? '/', 'http://runner');
    const match = /^\/sandbox\/([^/]+)$/.exec(url.pathname);
    if (!match) {
      rejectUpgrade(socket, '404 Not Found', 'Unknown endpoint');
      return;
    }
    const sandboxId = match[1];
    if (!SANDBOX_ID_PATTERN.test(sandboxId)) {
      rejectUpgrade(socket, '400 Bad Request', 'Invalid sandbox id');
      return;
    }
    const payload = verifyRunnerToken(url.searchParams.get('token') ?? '', config.sessionSecret);
    if (!payload || payload.sid !== sandboxId) {
      rejectUpgrade(socket, '401 Unauthorized', 'Invalid or expired runner token');
      return;
    }
    wss.handleUpgrade(req, socket, head, (ws) => void onConnection(ws, sandboxId));
  });

  async function onConnection(ws: WebSocket, sandboxId: string): Promise<void> {
    let sandbox;
    try {
      sandbox = await manager.attach(sandboxId, ws);
    } catch (error) {
      const limit = error instanceof RunnerError && error.code === 'LIMIT';
      send(ws, { type: 'error', message: limit ? error.message : 'Could not create the sandbox' });
      ws.close(limit ? 1013 : 1011, limit ? 'LIMIT' : 'sandbox unavailable');
      return;
    }
    const removeClient = sandbox.addClient((message) => send(ws, message));
    ws.on('close', () => {
      removeClient();
      manager.detach(sandboxId, ws);
    });
    ws.on('error', () => ws.terminate());
    alive.set(ws, true);
    ws.on('pong', () => alive.set(ws, true));
    // File operations of one client run in order (a write then a rename must not race); processes don't wait.
    let fsQueue: Promise<unknown> = Promise.resolve();
    const serialize = <T>(task: () => Promise<T>): Promise<T> => {
      const run = fsQueue.then(task, task);
      fsQueue = run.catch(() => undefined);
      return run;
    };
    ws.on('message', (raw) => {
      void handleSocketMessage(raw.toString(), {
        sandbox,
        reply: (message) => send(ws, message),
        teardown: (beforeClose) => manager.teardown(sandboxId, beforeClose),
        serialize,
      });
    });
    send(ws, {
      type: 'hello',
      sandboxId,
      previewUrlTemplate: templateFor(sandboxId),
      sandboxed: isolation === 'bwrap',
    });
  }

  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(config.port, config.host, () => resolve());
  });
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : config.port;
  if (!config.publicPort) {
    publicPort = port;
  }
  logger.info(
    `listening on http://${config.host}:${port} (${isolation === 'bwrap' ? 'bubblewrap sandboxes' : 'UNSANDBOXED'})`
  );

  return {
    port,
    sandboxed: isolation === 'bwrap',
    privateNetwork,
    async close() {
      clearInterval(heartbeat);
      await manager.teardownAll();
      for (const client of wss.clients) {
        client.terminate();
      }
      wss.close();
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
      await rm(runtimeDir, { recursive: true, force: true });
    },
  };
}
