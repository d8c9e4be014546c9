/**
 * Benchmark of the streaming artifact parser (app/lib/runtime/message-parser.ts).
 * Run: `node --import tsx bench/parser.ts` (prints JSON). Throws if file contents are not byte-exact.
 */
import { availableParallelism, loadavg } from 'node:os';
import { pathToFileURL } from 'node:url';
import { createMessageParser } from '../app/lib/runtime/message-parser';
import { createRandom } from './lib/random';

const WARM_UP_RUNS = 3;
const MEASURED_RUNS = 7;


const PROSE = [
  'This component renders the list of todos and keeps the input focused.',
  'We use a small store so the state survives hot reloads; see `src/store.ts`.',
  'Run `npm run dev` to start the server, then open the preview. A < B holds & that is fine.',
  '```tsx\nconst x = <App title="demo" />;\n```',
];

const CODE_LINES = [
  "import { useState } from 'react';",
  'export function Item({ label }: { label: string }) {',
  '  return <li className="item">{label} &lt;done&gt;</li>;',
  "  const marker = '<bolt';",
  '  const closing = "</boltA";',
  '  const html = `<boltArtifact id="x">` + "</bolt" + "Action>";',
  '  if (a < b && b > c) { return null; }',
  '}',
];

function generateFile(random: () => number, size: number): string {
  const lines: string[] = [];
  let length = 0;
  while (length < size) {
    const line = CODE_LINES[Math.floor(random() * CODE_LINES.length)];
    lines.push(line);
    length += line.length + 1;
  }
  return `${lines.join('\n')}\n`;
}

interface GeneratedAnswer {
  text: string;
  files: Map<string, string>;
}

/** An answer of about `targetBytes` characters: prose, artifacts, 2–8 KB files, shell/start actions. */
function generateAnswer(targetBytes: number, seed: number): GeneratedAnswer {
  const random = createRandom(seed);
  const parts: string[] = [];
  const files = new Map<string, string>();
  let length = 0;
  let fileIndex = 0;
  let artifactIndex = 0;
  while (length < targetBytes) {
    const prose = `${PROSE[Math.floor(random() * PROSE.length)]}\n\n`;
    parts.push(prose);
    length += prose.length;
    const artifactParts = [`<boltArtifact id="app-${artifactIndex}" title="Step ${artifactIndex++}">\n`];
    const fileCount = 2 + Math.floor(random() * 6);
    for (let index = 0; index < fileCount; index++) {
      const path = `src/components/File${fileIndex++}.tsx`;
      const content = generateFile(random, 2048 + Math.floor(random() * 6144));
      files.set(path, content);
      artifactParts.push(`<boltAction type="file" filePath="${path}">\n${content}</boltAction>\n`);
    }
    artifactParts.push('<boltAction type="shell">npm install</boltAction>\n<boltAction type="start">npm run dev</boltAction>\n</boltArtifact>\n');
    const artifact = artifactParts.join('');
    parts.push(artifact);
    length += artifact.length;
  }
  return { text: parts.join(''), files };
}

function chunkRandomly(text: string, seed: number): string[] {
  const random = createRandom(seed);
  const chunks: string[] = [];
  for (let index = 0; index < text.length; ) {
    const size = 1 + Math.floor(random() * 64);
    chunks.push(text.slice(index, index + size));
    index += size;
  }
  return chunks;
}

/** Parse once while reassembling every file from its stream deltas; throw on any difference. */
function verifyByteExact(chunks: string[], expected: Map<string, string>): void {
  const streamed = new Map<string, string[]>();
  const closed = new Map<string, string>();
  const parser = createMessageParser('bench', (event) => {
    if (event.type === 'file' && event.event.status === 'stream') {
      const list = streamed.get(event.event.path) ?? [];
      list.push(event.event.content);
      streamed.set(event.event.path, list);
    } else if (event.type === 'action-close' && event.action.type === 'file') {
      closed.set(event.action.filePath, event.action.content);
    }
  });
  for (const chunk of chunks) {
    parser.push(chunk);
  }
  parser.end();
  if (closed.size !== expected.size) {
    throw new Error(`Expected ${expected.size} files, parsed ${closed.size}`);
  }
  for (const [path, content] of expected) {
    if (closed.get(path) !== content || streamed.get(path)?.join('') !== content) {
      throw new Error(`File ${path} is not byte-exact`);
    }
  }
}

interface Timing {
  wallMs: number;
  /** CPU time of this process (all threads, GC included): less sensitive to other load on the machine. */
  cpuMs: number;
}

/** One timed parse with a consumer that counts delta lengths and reads each finished file. */
function timeParse(chunks: string[]): Timing {
  let streamedChars = 0;
  const parser = createMessageParser('bench', (event) => {
    if (event.type === 'file' && event.event.status === 'stream') {
      streamedChars += event.event.content.length;
    } else if (event.type === 'action-close' && event.action.type === 'file') {
      // Read the full content like the file writer will (forces any lazy string to materialise).
      streamedChars += event.action.content.charCodeAt(event.action.content.length - 1) > 0 ? 0 : 1;
    }
  });
  const cpuStarted = process.cpuUsage();
  const started = performance.now();
  for (const chunk of chunks) {
    parser.push(chunk);
  }
  parser.end();
  const wallMs = performance.now() - started;
  const cpu = process.cpuUsage(cpuStarted);
  if (streamedChars === 0) {
    throw new Error('The parser streamed no file content');
  }
  return { wallMs, cpuMs: (cpu.user + cpu.system) / 1000 };
}

/**
 * Median time per input. Inputs are timed in turn within each round (not one after the other) so
 * that a burst of load from other processes hits all of them alike and the 10 MB / 5 MB ratio holds.
 */
function medianTimes(inputs: string[][]): Timing[] {
  for (let run = 0; run < WARM_UP_RUNS; run++) {
    inputs.forEach((chunks) => timeParse(chunks));
  }
  const timings: Timing[][] = inputs.map(() => []);
  for (let run = 0; run < MEASURED_RUNS; run++) {
    inputs.forEach((chunks, index) => timings[index].push(timeParse(chunks)));
  }
  const median = (values: number[]) => values.sort((a, b) => a - b)[Math.floor(values.length / 2)];
  return timings.map((list) => ({
    wallMs: median(list.map((timing) => timing.wallMs)),
    cpuMs: median(list.map((timing) => timing.cpuMs)),
  }));
}

const round = (value: number) => Math.round(value * 100) / 100;

export async function benchParser(): Promise<Record<string, number | string>> {
  const fiveMb = generateAnswer(5 * 1024 * 1024, 1);
  const tenMb = generateAnswer(10 * 1024 * 1024, 2);
  const bigContent = generateFile(createRandom(3), 512 * 1024);
  const bigAnswer = `Big file:\n<boltArtifact id="big" title="Big"><boltAction type="file" filePath="big.tsx">\n${bigContent}</boltAction></boltArtifact>`;

  const fiveChunks = chunkRandomly(fiveMb.text, 11);
  const tenChunks = chunkRandomly(tenMb.text, 12);
  const bigChunks = chunkRandomly(bigAnswer, 13);

  verifyByteExact(fiveChunks, fiveMb.files);
  verifyByteExact(tenChunks, tenMb.files);
  verifyByteExact(bigChunks, new Map([['big.tsx', bigContent]]));

  const [five, ten, big] = medianTimes([fiveChunks, tenChunks, bigChunks]);
  const [fiveMs, tenMs, bigMs] = [five.wallMs, ten.wallMs, big.wallMs];
  const megabytes = (text: string) => text.length / (1024 * 1024);

  return {
    chunking: 'random 1-64 chars',
    runs: `${WARM_UP_RUNS} warm-up + median of ${MEASURED_RUNS}, wall clock (cpu* fields: process CPU time)`,
    answer5mbFiles: fiveMb.files.size,
    answer5mbMs: round(fiveMs),
    answer5mbMBps: round(megabytes(fiveMb.text) / (fiveMs / 1000)),
    answer10mbMs: round(tenMs),
    answer10mbMBps: round(megabytes(tenMb.text) / (tenMs / 1000)),
    ratio10mbTo5mb: round(tenMs / fiveMs),
    singleFile512kbMs: round(bigMs),
    answer5mbCpuMs: round(five.cpuMs),
    answer5mbCpuMBps: round(megabytes(fiveMb.text) / (five.cpuMs / 1000)),
    ratio10mbTo5mbCpu: round(ten.cpuMs / five.cpuMs),
    byteExact: 'yes',
    loadAverage1m: round(loadavg()[0]),
    cpus: availableParallelism(),
  };
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  benchParser().then(
    (result) => console.log(JSON.stringify(result, null, 2)),
    (error: unknown) => {
      console.error(error);
      process.exitCode = 1;
    },
  );
}
