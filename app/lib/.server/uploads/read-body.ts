import { errorResponse } from '../http/respond';

/**
 * Past the limit we keep reading (and discarding) up to this much, so the client gets a clean answer
 * instead of a connection reset while it is still sending (same rule as http/body.ts for text).
 */
const DRAIN_LIMIT_BYTES = 64 * 1024 * 1024;
/** How long a refusal waits for the rest of an upload before answering anyway. */
const DRAIN_WAIT_MS = 2000;

async function discardRest(reader: ReadableStreamDefaultReader<Uint8Array>, alreadyRead: number): Promise<void> {
  for (let total = alreadyRead; ; ) {
    const { done, value } = await reader.read();
    if (done) return;
    total += value.byteLength;
    if (total > DRAIN_LIMIT_BYTES) {
      await reader.cancel().catch(() => undefined);
      return;
    }
  }
}

/** Uploads read their raw body with the shared reader (same size rule as JSON bodies). */
export { readBodyBytes } from '../http/body';

/**
 * Read and drop whatever is left of the body (bounded). A refusal sent while the client is still
 * uploading must not leave unread bytes on a keep-alive connection: the next request on it would hang.
 */
export async function discardBody(request: Request): Promise<void> {
  if (!request.body || request.bodyUsed) return;
  try {
    await discardRest(request.body.getReader(), 0);
  } catch {
    // The client went away: nothing left to protect.
  }
}

/**
 * Run a handler that consumes a raw upload body. If it refuses before reading it all, drain what the
 * client still sends (briefly) and answer with `Connection: close`, so the keep-alive connection is
 * never reused with unread upload bytes on it.
 */
export async function respondDrainingBody(request: Request, run: () => Promise<Response>): Promise<Response> {
  try {
    return await run();
  } catch (error) {
    let timer: ReturnType<typeof setTimeout> | undefined;
    await Promise.race([discardBody(request), new Promise<void>((resolve) => (timer = setTimeout(resolve, DRAIN_WAIT_MS)))]);
    clearTimeout(timer);
    const response = errorResponse(error);
    response.headers.set('Connection', 'close');
    return response;
  }
}
