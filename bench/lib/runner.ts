import { loadavg } from 'node:os';
import { getErrorMessage } from '../../app/utils/errors';
import { type Bench, type BenchResult, type Metric } from './types';

/** Run one bench; its failure becomes part of its result instead of stopping the others. */
export async function runBench(bench: Bench, log: (text: string) => void): Promise<BenchResult> {
  const metrics: Metric[] = [];
  const notes: string[] = [];
  const startedAt = new Date();
  const started = performance.now();
  const loadAverageAtStart = Math.round(loadavg()[0] * 100) / 100;
  const result = (status: BenchResult['status'], error?: string): BenchResult => ({
    name: bench.name,
    status,
    startedAt: startedAt.toISOString(),
    durationMs: Math.round(performance.now() - started),
    loadAverageAtStart,
    metrics,
    notes,
    ...(error === undefined ? {} : { error }),
  });
  try {
    await bench.run({
      metric: (metric) => metrics.push(metric),
      note: (text) => notes.push(text),
      log: (text) => log(`[${bench.name}] ${text}`),
    });
    return result('ok');
  } catch (error) {
    return result('failed', getErrorMessage(error));
  }
}
