import http from 'node:http';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import type { Sandbox, SandboxProcess } from '../app/lib/sandbox/types';
import { readOutput, RUNNER_MODES, startTestRunner, type TestRunner } from './test-support';

/** A tiny HTTP + WebSocket echo server, run with the sandbox's own node (no packages needed). */
const SERVER_JS = `
const http = require('http');
const crypto = require('crypto');
const [name, port] = [process.argv[2], Number(process.argv[3])];
const server = http.createServer((req, res) => res.end('hello from ' + name + ' via ' + req.headers['x-forwarded-host']));
server.on('upgrade', (req, socket) => {
  const accept = crypto.createHash('sha1').update(req.headers['sec-websocket-key'] + '258EAFA5-E914-47DA-95CA-C5AB0DC85B11').digest('base64');
  socket.write('HTTP/1.1 101 Switching Protocols\\r\\nUpgrade: websocket\\r\\nConnection: Upgrade\\r\\nSec-WebSocket-Accept: ' + accept + '\\r\\n\\r\\n');
  socket.on('data', (frame) => {
    const length = frame[1] & 0x7f;
    const mask = frame.subarray(2, 6);
    const text = name + ':' + Buffer.from(frame.subarray(6, 6 + length).map((byte, i) => byte ^ mask[i % 4])).toString();
    socket.write(Buffer.concat([Buffer.from([0x81, Buffer.byteLength(text)]), Buffer.from(text)]));
  });
});
server.listen(port, '127.0.0.1', () => console.log('listening on ' + port));
`;

describe.each(RUNNER_MODES)('port detection and preview proxy ($name)', (mode) => {
  let runner: TestRunner;
  const sandboxes: Sandbox[] = [];

  beforeAll(async () => {
    if (!mode.skip) {
      runner = await startTestRunner(mode.env, mode.config);
    }
  });

  afterAll(async () => {
    await Promise.all(sandboxes.map((sandbox) => sandbox.teardown()));
    await runner?.close();
  });

  beforeEach((context) => {
    if (mode.skip) {
      context.skip(); // bubblewrap is not installed
    }
  });

  function previewGet(host: string): Promise<{ status: number; body: string }> {
    return new Promise((resolve, reject) => {
      http
        .get({ host: '127.0.0.1', port: runner.runner.port, path: '/', headers: { host } }, (res) => {
          let body = '';
          res.on('data', (chunk: Buffer) => (body += chunk.toString()));
          res.on('end', () => resolve({ status: res.statusCode ?? 0, body }));
        })
        .on('error', reject);
    });
  }

  function echoThroughProxy(host: string, text: string): Promise<string> {
    return new Promise((resolve, reject) => {
      const socket = new WebSocket(`ws://127.0.0.1:${runner.runner.port}/hmr`, { headers: { host } });
      socket.on('open', () => socket.send(text));
      socket.on('message', (data: Buffer) => {
        resolve(data.toString());
        socket.close();
      });
      socket.on('error', reject);
    });
  }

  async function startServer(
    name: string,
    port: number
  ): Promise<{ sandbox: Sandbox; process: SandboxProcess; url: string; sandboxId: string }> {
    const sandboxId = `${name}${'0'.repeat(8)}`.slice(0, 12);
    const sandbox = await runner.connect(sandboxId);
    sandboxes.push(sandbox);
    await sandbox.fs.writeFile('server.js', SERVER_JS);
    const opened = new Promise<string>((resolve) =>
      sandbox.on('port', (p, type, url) => p === port && type === 'open' && resolve(url))
    );
    const ready = new Promise<string>((resolve) => sandbox.on('server-ready', (p, url) => p === port && resolve(url)));
    const process = await sandbox.spawn('node', ['server.js', name, String(port)]);
    await readOutput(process).waitFor(/listening/);
    const url = await opened;
    expect(await ready).toBe(url);
    return { sandbox, process, url, sandboxId };
  }

  it('announces a listening port, proxies HTTP and WebSocket, and reports the port closing', async () => {
    const { sandbox, process, url, sandboxId } = await startServer('alpha', 4567);
    expect(url).toBe(`http://${sandboxId}-4567.localhost:${runner.runner.port}/`);
    const host = `${sandboxId}-4567.localhost:${runner.runner.port}`;
    expect(await previewGet(host)).toEqual({ status: 200, body: `hello from alpha via ${host}` });
    expect(await echoThroughProxy(host, 'ping')).toBe('alpha:ping');

    const closed = new Promise<void>((resolve) =>
      sandbox.on('port', (p, type) => p === 4567 && type === 'close' && resolve())
    );
    process.kill();
    await process.exit;
    await closed;
    const after = await previewGet(host);
    expect(after.status).toBe(502);
    expect(after.body).toContain('Nothing is listening on port 4567 yet');
  });

  it.each([
    ['an unknown sandbox', 'nosuchbox1-3000.localhost'],
    ['a port nobody listens on', 'alpha0000000-9999.localhost'],
  ])('answers 502 for %s', async (_name, host) => {
    const response = await previewGet(host);
    expect(response.status).toBe(502);
    expect(response.body).toMatch(/Nothing is listening on port \d+ yet/);
  });

  it('keeps two sandboxes listening on the same port apart', async (context) => {
    if (!runner.runner.privateNetwork) {
      context.skip(); // Sandboxes on the host network share its ports: one port, one owner.
    }
    const one = await startServer('bravo', 5173);
    const two = await startServer('charlie', 5173);
    const hostOf = (id: string) => `${id}-5173.localhost`;
    expect((await previewGet(hostOf(one.sandboxId))).body).toContain('hello from bravo');
    expect((await previewGet(hostOf(two.sandboxId))).body).toContain('hello from charlie');
    expect(await echoThroughProxy(hostOf(two.sandboxId), 'x')).toBe('charlie:x');
  });
});
