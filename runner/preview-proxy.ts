import http from 'node:http';
import type net from 'node:net';
import type { Duplex } from 'node:stream';

/** Where a preview request should go: `<sandboxId>-<port>.<previewDomain>[:anything]`. */
export function parsePreviewHost(
  host: string | undefined,
  previewDomain: string
): { sandboxId: string; port: number } | null {
  if (!host) {
    return null;
  }
  const domain = previewDomain.toLowerCase().replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  const match = new RegExp(`^([a-z0-9]{8,32})-(\\d{1,5})\\.${domain}(?::\\d+)?$`).exec(host.toLowerCase());
  if (!match) {
    return null;
  }
  const port = Number(match[2]);
  return port >= 1 && port <= 65535 ? { sandboxId: match[1], port } : null;
}

export interface PreviewTarget {
  port: number;
  /** Null when the sandbox is unknown or nothing listens on the port. */
  connect: (() => net.Socket) | null;
}

const HOP_BY_HOP = new Set(['connection', 'keep-alive', 'proxy-connection', 'upgrade']);

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);
}

export function sendNothingListening(res: http.ServerResponse, port: number): void {
  const message = `Nothing is listening on port ${port} yet`;
  res.writeHead(502, { 'content-type': 'text/html; charset=utf-8', 'cache-control': 'no-store' });
  res.end(
    `<!doctype html><html><head><meta charset="utf-8"><title>${escapeHtml(message)}</title></head>` +
      `<body style="font-family:system-ui,sans-serif;padding:2rem;color:#444"><h1 style="font-size:1.1rem">${escapeHtml(
        message
      )}</h1>` +
      '<p>Start a server in the terminal; this page works once it listens.</p></body></html>'
  );
}

/** Dev servers (Vite) check Host against an allow-list: present them a plain localhost request. */
function upstreamHeaders(req: http.IncomingMessage, port: number): http.OutgoingHttpHeaders {
  const headers: http.OutgoingHttpHeaders = {};
  for (const [key, value] of Object.entries(req.headers)) {
    if (!HOP_BY_HOP.has(key) && key !== 'host') {
      headers[key] = value;
    }
  }
  headers.host = `localhost:${port}`;
  headers['x-forwarded-host'] = req.headers.host;
  headers['x-forwarded-proto'] = 'http';
  return headers;
}

export function proxyHttp(req: http.IncomingMessage, res: http.ServerResponse, target: PreviewTarget): void {
  const connect = target.connect;
  if (!connect) {
    sendNothingListening(res, target.port);
    return;
  }
  const upstream = http.request({
    method: req.method,
    path: req.url,
    headers: upstreamHeaders(req, target.port),
    createConnection: () => connect(),
  });
  upstream.on('response', (upstreamRes) => {
    const headers = { ...upstreamRes.headers };
    for (const key of HOP_BY_HOP) {
      delete headers[key];
    }
    res.writeHead(upstreamRes.statusCode ?? 502, upstreamRes.statusMessage, headers);
    upstreamRes.pipe(res);
    upstreamRes.on('error', () => res.destroy());
  });
  upstream.on('error', () => {
    if (res.headersSent) {
      res.destroy();
    } else {
      sendNothingListening(res, target.port);
    }
  });
  req.on('aborted', () => upstream.destroy());
  req.pipe(upstream);
}

/** WebSocket (and any other) upgrade: replay the request head to the sandbox port, then relay bytes. */
export function proxyUpgrade(req: http.IncomingMessage, socket: Duplex, head: Buffer, target: PreviewTarget): void {
  if (!target.connect) {
    socket.end('HTTP/1.1 502 Bad Gateway\r\nContent-Length: 0\r\nConnection: close\r\n\r\n');
    return;
  }
  const upstream = target.connect();
  const lines = [`${req.method} ${req.url} HTTP/1.1`];
  for (let i = 0; i < req.rawHeaders.length; i += 2) {
    const name = req.rawHeaders[i];
    if (name.toLowerCase() !== 'host') {
      lines.push(`${name}: ${req.rawHeaders[i + 1]}`);
    }
  }
  lines.push(`Host: localhost:${target.port}`, `X-Forwarded-Host: ${req.headers.host ?? ''}`);
  upstream.write(`${lines.join('\r\n')}\r\n\r\n`);
  if (head.length > 0) {
    upstream.write(head);
  }
  let answered = false;
  upstream.once('data', () => (answered = true));
  upstream.on('error', () => {
    if (!answered) {
      socket.end('HTTP/1.1 502 Bad Gateway\r\nContent-Length: 0\r\nConnection: close\r\n\r\n');
    } else {
      socket.destroy();
    }
  });
  socket.on('error', () => upstream.destroy());
  upstream.on('close', () => socket.destroy());
  socket.on('close', () => upstream.destroy());
  upstream.pipe(socket);
  socket.pipe(upstream);
}
