/** Nearest-rank percentile of a sample (p in 0..100). Throws on an empty sample: a figure from nothing is a bug. */
export function percentile(values: readonly number[], p: number): number {
  if (values.length === 0) {
    throw new Error('percentile of an empty sample');
  }
  const sorted = [...values].sort((a, b) => a - b);
  const rank = Math.ceil((p / 100) * sorted.length);
  return sorted[Math.min(sorted.length - 1, Math.max(0, rank - 1))];
}

export const round = (value: number, digits = 2): number => {
  const factor = 10 ** digits;
  return Math.round(value * factor) / factor;
};

export const MB = 1024 * 1024;

/** 'at most' / 'at least' checks that produce the Metric fields. */
export function atMost(value: number, limit: number, unit = ''): { target: string; met: boolean } {
  return { target: `≤ ${limit}${unit ? ` ${unit}` : ''}`, met: value <= limit };
}

export function atLeast(value: number, limit: number, unit = ''): { target: string; met: boolean } {
  return { target: `≥ ${limit}${unit ? ` ${unit}` : ''}`, met: value >= limit };
}

export function lessThan(value: number, limit: number, unit = ''): { target: string; met: boolean } {
  return { target: `< ${limit}${unit ? ` ${unit}` : ''}`, met: value < limit };
}
