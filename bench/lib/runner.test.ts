import { describe, expect, it } from 'vitest';
import { runBench } from './runner';

describe('runBench', () => {
  it('keeps the metrics taken before a failure and reports the error', async () => {
    const result = await runBench(
      {
        name: 'half',
        description: 'fails after one figure',
        run: async ({ metric, note }) => {
          metric({ name: 'first', value: 1 });
          note('taken before the failure');
          throw new Error('second part broke');
        },
      },
      () => {},
    );
    expect(result).toMatchObject({ name: 'half', status: 'failed', error: 'second part broke', metrics: [{ name: 'first', value: 1 }], notes: ['taken before the failure'] });
  });

  it('reports success with its metrics', async () => {
    const lines: string[] = [];
    const result = await runBench({ name: 'fine', description: '', run: async ({ metric, log }) => (metric({ name: 'x', value: 'y' }), log('hello')) }, (line) => lines.push(line));
    expect(result.status).toBe('ok');
    expect(result.error).toBeUndefined();
    expect(lines).toEqual(['[fine] hello']);
  });
});
