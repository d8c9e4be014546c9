/** Closed-loop HTTP load: N clients on keep-alive connections, each sending its next GET when the last one ends. */
import http from 'node:http';
import { percentile, round } from '../lib/stats';

export interface LoadResult {
  clients: number;
  seconds: number;
  requests: number;
  errors: number;
  firstError: string | undefined;
  requestsPerSecond: number;
  p50Ms: number;
  p95Ms: number;
  bytesPerResponse: number;
}

function get(agent: http.Agent, url: URL, cookie: string): Promise<{ status: number; bytes: number }> {
  return new Promise((resolve, reject) => {
    const request = http.get(url, { agent, headers: { cookie } }, (response) => {
      let bytes = 0;
      response.on('data', (chunk: Buffer) => (bytes += chunk.length));
      response.on('end', () => resolve({ status: response.statusCode ?? 0, bytes }));
      response.on('error', reject);
    });
    request.on('error', reject);
  });
}

export async function runLoad(options: { url: string; cookie: string; clients: number; seconds: number }): Promise<LoadResult> {
  const agent = new http.Agent({ keepAlive: true, maxSockets: options.clients });
  const url = new URL(options.url);
  const latencies: number[] = [];
  let errors = 0;
  let firstError: string | undefined;
  let bytesPerResponse = 0;
  const started = performance.now();
  const deadline = started + options.seconds * 1000;
  const client = async () => {
    while (performance.now() < deadline) {
      const requestStarted = performance.now();
      try {
        const { status, bytes } = await get(agent, url, options.cookie);
        if (status !== 200) {
          errors++;
          firstError ??= `HTTP ${status}`;
          continue;
        }
        bytesPerResponse = bytes;
        latencies.push(performance.now() - requestStarted);
      } catch (error) {
        errors++;
        firstError ??= String(error);
      }
    }
  };
  try {
    await Promise.all(Array.from({ length: options.clients }, client));
  } finally {
    agent.destroy();
  }
  const elapsedSeconds = (performance.now() - started) / 1000;
  if (latencies.length === 0) {
    throw new Error(`No successful request in ${options.seconds} s (${errors} errors; first: ${firstError ?? 'none'})`);
  }
  return {
    clients: options.clients,
    seconds: round(elapsedSeconds),
    requests: latencies.length,
    errors,
    firstError,
    requestsPerSecond: round(latencies.length / elapsedSeconds, 1),
    p50Ms: round(percentile(latencies, 50), 1),
    p95Ms: round(percentile(latencies, 95), 1),
    bytesPerResponse,
  };
}
