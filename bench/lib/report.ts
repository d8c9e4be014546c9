import { availableParallelism } from 'node:os';
import { type BenchResult, type Metric } from './types';

const HEADERS = ['bench', 'metric', 'value', 'target', 'met'] as const;

function formatValue(metric: Metric): string {
  const value = typeof metric.value === 'number' ? String(metric.value) : metric.value;
  return metric.unit ? `${value} ${metric.unit}` : value;
}

function formatMet(metric: Metric): string {
  if (metric.met === undefined) return '';
  return metric.met ? 'yes' : 'NO';
}

/** One row per metric; a failed bench adds a row with its error so it is never silently missing. */
function rows(results: readonly BenchResult[]): string[][] {
  const table: string[][] = [];
  for (const result of results) {
    for (const metric of result.metrics) {
      table.push([result.name, metric.name, formatValue(metric), metric.target ?? '', formatMet(metric)]);
    }
    if (result.status === 'failed') {
      table.push([result.name, 'FAILED', (result.error ?? 'unknown error').split('\n')[0].slice(0, 160), '', '']);
    }
  }
  return table;
}

/** A fixed-width text table for the terminal. */
export function formatTextTable(results: readonly BenchResult[]): string {
  const table = [HEADERS.map(String), ...rows(results)];
  const widths = HEADERS.map((_, column) => Math.max(...table.map((row) => row[column].length)));
  const line = (row: string[]) => row.map((cell, column) => cell.padEnd(widths[column])).join('  ').trimEnd();
  const separator = widths.map((width) => '-'.repeat(width)).join('  ');
  return [line(table[0]), separator, ...table.slice(1).map(line)].join('\n');
}

const escapeCell = (cell: string) => cell.replace(/\|/g, '\\|');

/** The same figures as a markdown table, ready to paste into docs/benchmarks.md. */
export function formatMarkdownTable(results: readonly BenchResult[]): string {
  const header = `| ${HEADERS.join(' | ')} |`;
  const separator = `| ${HEADERS.map(() => '---').join(' | ')} |`;
  return [header, separator, ...rows(results).map((row) => `| ${row.map(escapeCell).join(' | ')} |`)].join('\n');
}

/** Notes and errors, one bullet each, so the reader knows how each figure was taken. */
export function formatNotes(results: readonly BenchResult[]): string {
  const lines: string[] = [];
  for (const result of results) {
    lines.push(`- ${result.name}: ${result.status}, ${Math.round(result.durationMs / 1000)} s, 1-minute load average at start ${result.loadAverageAtStart} (${availableParallelism()} cores)`);
    for (const note of result.notes) lines.push(`- ${result.name}: ${note}`);
    if (result.error) lines.push(`- ${result.name}: FAILED: ${result.error}`);
  }
  return lines.join('\n');
}
