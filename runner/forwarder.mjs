// Runs inside a sandbox's private network namespace (started by runner/isolation.ts under bwrap).
// It is the sandbox's only link to the outside:
//  - inbound: the runner connects to the unix socket IN_SOCKET and writes "<port>\n"; we connect to
//    that port on the sandbox's own loopback and relay bytes both ways (preview proxy, readiness checks).
//  - outbound: we listen on 127.0.0.1:PROXY_PORT inside the namespace (HTTP(S)_PROXY for npm) and relay
//    each connection to the runner's unix socket OUT_SOCKET, where the runner acts as the HTTP proxy.
// Plain JavaScript with node builtins only: the sandbox has no node_modules of ours.
import { rmSync } from 'node:fs';
import net from 'node:net';

const [inSocket, outSocket, proxyPortText] = process.argv.slice(2);
const proxyPort = Number(proxyPortText);
if (!inSocket || !outSocket || !Number.isInteger(proxyPort)) {
  process.stderr.write('usage: forwarder.mjs <in-socket> <out-socket> <proxy-port>\n');
  process.exit(2);
}

function relay(a, b) {
  a.on('error', () => b.destroy());
  b.on('error', () => a.destroy());
  a.pipe(b);
  b.pipe(a);
}

function connectLoopback(port, onConnected, onFailed) {
  const hosts = ['127.0.0.1', '::1'];
  const attempt = (index) => {
    const socket = net.connect({ host: hosts[index], port });
    socket.once('connect', () => onConnected(socket));
    socket.once('error', () => {
      socket.destroy();
      if (index + 1 < hosts.length) {
        attempt(index + 1);
      } else {
        onFailed();
      }
    });
  };
  attempt(0);
}

const inbound = net.createServer((client) => {
  let head = Buffer.alloc(0);
  const onData = (chunk) => {
    head = Buffer.concat([head, chunk]);
    const newline = head.indexOf(10);
    if (newline === -1) {
      if (head.length > 16) client.destroy();
      return;
    }
    client.off('data', onData);
    client.pause();
    const port = Number(head.subarray(0, newline).toString('latin1'));
    const rest = head.subarray(newline + 1);
    if (!Number.isInteger(port) || port < 1 || port > 65535) {
      client.destroy();
      return;
    }
    connectLoopback(
      port,
      (upstream) => {
        if (rest.length > 0) upstream.write(rest);
        relay(client, upstream);
        client.resume();
      },
      () => client.destroy()
    );
  };
  client.on('data', onData);
  client.on('error', () => client.destroy());
});

const outbound = net.createServer((local) => {
  const upstream = net.connect(outSocket);
  relay(local, upstream);
});

rmSync(inSocket, { force: true });
let listening = 0;
const ready = () => {
  listening += 1;
  if (listening === 2) process.stdout.write('ready\n');
};
inbound.listen(inSocket, ready);
outbound.listen(proxyPort, '127.0.0.1', ready);
