import { describe, expect, it } from 'vitest';
import { formatMarkdownTable, formatNotes, formatTextTable } from './report';
import { type BenchResult } from './types';

const ok: BenchResult = {
  name: 'parser',
  status: 'ok',
  startedAt: '2026-01-01T00:00:00.000Z',
  durationMs: 1200,
  loadAverageAtStart: 1.5,
  metrics: [
    { name: 'throughput', value: 160, unit: 'MB/s', target: '≥ 150 MB/s', met: true },
    { name: 'a | b', value: 'yes' },
  ],
  notes: ['median of 7'],
};
const failed: BenchResult = { ...ok, name: 'api', status: 'failed', metrics: [{ name: 'p50', value: 12, unit: 'ms', target: '≤ 10 ms', met: false }], notes: [], error: 'PostgreSQL: TEST_DATABASE_URL is not set\nmore' };

describe('bench report', () => {
  it('puts every metric and every failure in the markdown table, escaping pipes', () => {
    expect(formatMarkdownTable([ok, failed]).split('\n')).toEqual([
      '| bench | metric | value | target | met |',
      '| --- | --- | --- | --- | --- |',
      '| parser | throughput | 160 MB/s | ≥ 150 MB/s | yes |',
      '| parser | a \\| b | yes |  |  |',
      '| api | p50 | 12 ms | ≤ 10 ms | NO |',
      '| api | FAILED | PostgreSQL: TEST_DATABASE_URL is not set |  |  |',
    ]);
  });

  it('aligns the text table in columns', () => {
    const lines = formatTextTable([ok]).split('\n');
    expect(lines[0]).toMatch(/^bench\s+metric\s+value\s+target\s+met$/);
    expect(lines[2].indexOf('160 MB/s')).toBe(lines[0].indexOf('value'));
  });

  it('lists the notes, the load and the full error of each bench', () => {
    const notes = formatNotes([ok, failed]);
    expect(notes).toContain('- parser: median of 7');
    expect(notes).toContain('load average at start 1.5');
    expect(notes).toContain('- api: FAILED: PostgreSQL: TEST_DATABASE_URL is not set\nmore');
  });
});
