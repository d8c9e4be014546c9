import { lookup } from 'node:dns/promises';
import net from 'node:net';

const MAX_HEAD_BYTES = 16 * 1024;

/**
 * Addresses a sandbox must not reach through the proxy: this machine (loopback, unspecified), link-local
 * (cloud metadata) and private networks (the host's database, other pods). BlockList also matches
 * IPv4-mapped IPv6 forms such as ::ffff:7f00:1.
 */
function forbiddenAddresses(): net.BlockList {
  const list = new net.BlockList();
  for (const [prefix, bits] of [
    ['0.0.0.0', 8],
    ['10.0.0.0', 8],
    ['100.64.0.0', 10],
    ['127.0.0.0', 8],
    ['169.254.0.0', 16],
    ['172.16.0.0', 12],
    ['192.168.0.0', 16],
  ] as const) {
    list.addSubnet(prefix, bits, 'ipv4');
  }
  for (const [prefix, bits] of [
    ['::', 128],
    ['::1', 128],
    ['fc00::', 7],
    ['fe80::', 10],
  ] as const) {
    list.addSubnet(prefix, bits, 'ipv6');
  }
  return list;
}

let forbidden: net.BlockList | null = null;

export function isForbiddenAddress(address: string): boolean {
  forbidden ??= forbiddenAddresses();
  const family = net.isIPv6(address) ? 'ipv6' : 'ipv4';
  return forbidden.check(address, family);
}

function parseTarget(method: string, target: string): { host: string; port: number; path: string } | null {
  if (method === 'CONNECT') {
    const match = /^\[?([^\]]+?)\]?:(\d+)$/.exec(target);
    return match ? { host: match[1], port: Number(match[2]), path: '' } : null;
  }
  try {
    const url = new URL(target);
    if (url.protocol !== 'http:') {
      return null;
    }
    return {
      host: url.hostname.replace(/^\[|\]$/g, ''),
      port: Number(url.port || 80),
      path: `${url.pathname}${url.search}`,
    };
  } catch {
    return null;
  }
}

/**
 * The runner side of a sandbox's outbound HTTP proxy (CONNECT tunnels for https, absolute-form requests
 * for plain http). Each accepted stream comes from the sandbox's forwarder; the runner makes the real
 * connection, so the sandbox needs no network interface of its own.
 */
export function handleEgressConnection(client: net.Socket): void {
  let head = Buffer.alloc(0);
  const reply = (status: string) => client.end(`HTTP/1.1 ${status}\r\nContent-Length: 0\r\nConnection: close\r\n\r\n`);
  client.on('error', () => client.destroy());
  const onData = (chunk: Buffer) => {
    head = Buffer.concat([head, chunk]);
    const end = head.indexOf('\r\n\r\n');
    if (end === -1) {
      if (head.length > MAX_HEAD_BYTES) {
        reply('431 Request Header Fields Too Large');
      }
      return;
    }
    client.off('data', onData);
    client.pause();
    const headText = head.subarray(0, end).toString('latin1');
    const rest = head.subarray(end + 4);
    const [requestLine, ...headerLines] = headText.split('\r\n');
    const [method, target, version] = requestLine.split(' ');
    const parsed = method && target ? parseTarget(method, target) : null;
    if (!parsed) {
      reply('400 Bad Request');
      return;
    }
    void lookup(parsed.host)
      .then(({ address }) => {
        if (isForbiddenAddress(address)) {
          reply('403 Forbidden');
          return;
        }
        const upstream = net.connect({ host: address, port: parsed.port });
        upstream.once('connect', () => {
          if (method === 'CONNECT') {
            client.write('HTTP/1.1 200 Connection Established\r\n\r\n');
          } else {
            const headers = headerLines.filter((line) => !/^proxy-/i.test(line));
            upstream.write(`${method} ${parsed.path} ${version}\r\n${headers.join('\r\n')}\r\n\r\n`);
          }
          if (rest.length > 0) {
            upstream.write(rest);
          }
          client.pipe(upstream);
          upstream.pipe(client);
          client.resume();
        });
        upstream.on('error', () => {
          if (upstream.connecting) {
            reply('502 Bad Gateway');
          } else {
            client.destroy();
          }
        });
        client.on('close', () => upstream.destroy());
      })
      .catch(() => reply('502 Bad Gateway'));
  };
  client.on('data', onData);
}
