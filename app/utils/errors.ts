/** A readable message from anything that was thrown. */
export function getErrorMessage(error: unknown): string {
  if (typeof error === 'string') {
    return error;
  }
  if (error && typeof error === 'object' && 'message' in error && typeof error.message === 'string') {
    return error.message;
  }
  return 'Unknown error';
}

/** Exhaustiveness check for switch statements over unions. */
export function unreachable(value: never, message = 'Unreachable case'): never {
  throw new Error(`${message}: ${JSON.stringify(value)}`);
}
