/**
 * `npm run bench [-- --only <name>[,<name>]]`: runs each bench in turn, prints a text table and a
 * markdown table (for docs/benchmarks.md), and writes bench/results/latest.json.
 * A bench that fails is reported as failed; the others still run. Exit code 1 if any failed.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { getErrorMessage } from '../app/utils/errors';
import { apiBench } from './api/api-bench';
import { browserBench } from './browser/browser-bench';
import { formatMarkdownTable, formatNotes, formatTextTable } from './lib/report';
import { runBench } from './lib/runner';
import { type Bench, type BenchResult } from './lib/types';
import { parserBench } from './parser-bench';

const BENCHES: readonly Bench[] = [parserBench, apiBench, browserBench];
const RESULTS_FILE = path.join(path.dirname(fileURLToPath(import.meta.url)), 'results/latest.json');

const log = (text: string) => process.stderr.write(`${text}\n`);

function selectBenches(only: string | undefined): readonly Bench[] {
  if (!only) return BENCHES;
  const names = only.split(',').map((name) => name.trim()).filter(Boolean);
  const unknown = names.filter((name) => !BENCHES.some((bench) => bench.name === name));
  if (unknown.length > 0) {
    throw new Error(`Unknown bench ${unknown.join(', ')}; known: ${BENCHES.map((bench) => bench.name).join(', ')}`);
  }
  return BENCHES.filter((bench) => names.includes(bench.name));
}

function machine(): Record<string, string | number> {
  return {
    node: process.version,
    platform: `${os.platform()} ${os.release()}`,
    cpus: os.cpus().length,
    cpuModel: os.cpus()[0]?.model ?? 'unknown',
    memoryGb: Math.round(os.totalmem() / 1024 ** 3),
    loadAverage1m: Math.round(os.loadavg()[0] * 100) / 100,
  };
}

async function main(): Promise<void> {
  const { values } = parseArgs({ options: { only: { type: 'string' }, help: { type: 'boolean' } } });
  if (values.help) {
    process.stdout.write(`Usage: npm run bench [-- --only ${BENCHES.map((bench) => bench.name).join("|")}]\nEnv: TEST_DATABASE_URL (PostgreSQL half of the api bench), KILN_BENCH_PROFILE=1 (CPU profile of the long answer)\n`);
    return;
  }
  const benches = selectBenches(values.only);
  const results: BenchResult[] = [];
  for (const bench of benches) {
    log(`[${bench.name}] ${bench.description}`);
    const result = await runBench(bench, log);
    log(`[${bench.name}] ${result.status} in ${(result.durationMs / 1000).toFixed(1)} s${result.error ? `: ${result.error}` : ''}`);
    results.push(result);
  }

  mkdirSync(path.dirname(RESULTS_FILE), { recursive: true });
  writeFileSync(RESULTS_FILE, `${JSON.stringify({ finishedAt: new Date().toISOString(), machine: machine(), results }, null, 2)}\n`);

  const notes = formatNotes(results);
  process.stdout.write(`\n${formatTextTable(results)}\n\nMarkdown (for docs/benchmarks.md):\n\n${formatMarkdownTable(results)}\n`);
  process.stdout.write(`${notes ? `\n${notes}\n` : ''}\nMachine: ${JSON.stringify(machine())}\nWritten: ${path.relative(process.cwd(), RESULTS_FILE)}\n`);
  if (results.some((result) => result.status === 'failed')) {
    process.exitCode = 1;
  }
}

main().catch((error: unknown) => {
  console.error(`bench: ${getErrorMessage(error)}`);
  process.exitCode = 1;
});
