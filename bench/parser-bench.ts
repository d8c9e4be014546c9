/** Adapts bench/parser.ts (owned by the runtime helper) to the bench runner, with the targets of issue 1. */
import { benchParser } from './parser';
import { atLeast, atMost } from './lib/stats';
import { type Bench } from './lib/types';

function numberField(result: Record<string, number | string>, key: string): number {
  const value = result[key];
  if (typeof value !== 'number') {
    throw new Error(`benchParser() returned no number for ${key}: ${JSON.stringify(value)}`);
  }
  return value;
}

export const parserBench: Bench = {
  name: 'parser',
  description: 'Streaming artifact parser throughput (5 MB / 10 MB answers in random 1–64 char chunks) and one 512 KB file action',
  async run({ metric, note }) {
    // benchParser throws when any file is not byte-exact, so reaching the next line means it was.
    const result = await benchParser();
    const mbps5 = numberField(result, 'answer5mbMBps');
    const ratio = numberField(result, 'ratio10mbTo5mb');
    const bigMs = numberField(result, 'singleFile512kbMs');
    metric({ name: '5 MB answer throughput', value: mbps5, unit: 'MB/s', ...atLeast(mbps5, 150, 'MB/s') });
    metric({ name: '5 MB answer time', value: numberField(result, 'answer5mbMs'), unit: 'ms' });
    metric({ name: '10 MB answer time', value: numberField(result, 'answer10mbMs'), unit: 'ms' });
    metric({ name: '10 MB answer throughput', value: numberField(result, 'answer10mbMBps'), unit: 'MB/s' });
    metric({ name: '10 MB time / 5 MB time', value: ratio, unit: '×', ...atMost(ratio, 2.2, '×') });
    metric({ name: 'one 512 KB file action', value: bigMs, unit: 'ms', ...atMost(bigMs, 30, 'ms') });
    // CPU-time figures (when bench/parser.ts reports them) are less disturbed by other processes on a busy machine.
    const cpuMbps = result.answer5mbCpuMBps;
    if (typeof cpuMbps === 'number') metric({ name: '5 MB answer throughput, process CPU time', value: cpuMbps, unit: 'MB/s' });
    const cpuRatio = result.ratio10mbTo5mbCpu;
    if (typeof cpuRatio === 'number') metric({ name: '10 MB / 5 MB, process CPU time', value: cpuRatio, unit: '×' });
    metric({ name: 'byte-exact file contents', value: String(result.byteExact), target: 'yes', met: result.byteExact === 'yes' });
    note(`chunking: ${String(result.chunking)}; ${String(result.runs)}; 5 MB answer has ${String(result.answer5mbFiles)} file actions`);
  },
};
