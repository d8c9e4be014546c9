import { describe, expect, it } from 'vitest';
import { parseServerTiming } from './http-client';

describe('parseServerTiming', () => {
  it.each([
    { header: null, expected: undefined },
    { header: 'cache;desc="hit"', expected: undefined },
    { header: 'db;dur=4.5, app;dur=10', expected: 14.5 },
    { header: 'db;dur=4, total;dur=20.5', expected: 20.5 },
    { header: 'total;desc="all";dur=7', expected: 7 },
  ])('$header → $expected', ({ header, expected }) => {
    expect(parseServerTiming(header)).toBe(expected);
  });
});
