import { describe, expect, it } from 'vitest';
import { atLeast, atMost, lessThan, percentile, round } from './stats';

describe('percentile', () => {
  it.each([
    { values: [5], p: 50, expected: 5 },
    { values: [1, 2, 3, 4], p: 50, expected: 2 },
    { values: [4, 3, 2, 1], p: 50, expected: 2 },
    { values: [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17, 18, 19, 20], p: 95, expected: 19 },
    { values: [10, 20, 30], p: 100, expected: 30 },
    { values: [10, 20, 30], p: 0, expected: 10 },
  ])('p$p of $values is $expected (nearest rank)', ({ values, p, expected }) => {
    expect(percentile(values, p)).toBe(expected);
  });

  it('refuses an empty sample', () => {
    expect(() => percentile([], 50)).toThrow('empty sample');
  });
});

describe('targets', () => {
  it.each([
    { check: atLeast(150, 150, 'MB/s'), target: '≥ 150 MB/s', met: true },
    { check: atLeast(149.9, 150, 'MB/s'), target: '≥ 150 MB/s', met: false },
    { check: atMost(2.2, 2.2), target: '≤ 2.2', met: true },
    { check: atMost(31, 30, 'ms'), target: '≤ 30 ms', met: false },
    { check: lessThan(1000, 1000, 'ms'), target: '< 1000 ms', met: false },
    { check: lessThan(999, 1000, 'ms'), target: '< 1000 ms', met: true },
  ])('$target → met: $met', ({ check, target, met }) => {
    expect(check).toEqual({ target, met });
  });

  it('rounds to the given digits', () => {
    expect(round(1.23456)).toBe(1.23);
    expect(round(1234.5678, 0)).toBe(1235);
  });
});
