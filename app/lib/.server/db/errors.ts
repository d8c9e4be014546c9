/** True when a query failed on a unique constraint (either backend; drizzle may wrap the driver error). */
export function isUniqueViolation(error: unknown, constraint?: string): boolean {
  for (let current = error; current && typeof current === 'object'; current = (current as { cause?: unknown }).cause) {
    const { code, constraint: name } = current as { code?: unknown; constraint?: unknown };
    if (code === '23505') {
      return constraint === undefined || name === constraint || String(current).includes(constraint);
    }
    if (!('cause' in current)) break;
  }
  return false;
}
