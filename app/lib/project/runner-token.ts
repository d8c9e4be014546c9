/** The browser side of GET /api/runner-token: renews the runner token when the sandbox reconnects. */
import { z } from 'zod';

const tokenSchema = z.object({ token: z.string().min(1) });

/**
 * A `getToken` for the runner client: proves the earlier token (header) and keeps the newest one.
 * Rejects with a readable message when the server refuses; the client then tries the old token.
 */
export function createRunnerTokenRenewer(options: { sandboxId: string; token: string; fetch?: typeof fetch }): () => Promise<string> {
  const fetchImpl = options.fetch ?? ((input: RequestInfo | URL, init?: RequestInit) => fetch(input, init));
  let latest = options.token;
  return async () => {
    const response = await fetchImpl(`/api/runner-token?sandbox=${encodeURIComponent(options.sandboxId)}`, {
      headers: { 'X-Runner-Token': latest },
      credentials: 'same-origin',
    });
    const body = tokenSchema.safeParse(await response.json().catch(() => null));
    if (!response.ok || !body.success) {
      throw new Error(`The sandbox connection could not be renewed (status ${response.status}).`);
    }
    latest = body.data.token;
    return latest;
  };
}
