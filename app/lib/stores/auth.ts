/**
 * Who is looking at the page, as the browser sees it. The server decides (loaders return a Viewer);
 * the client only displays it and signs out.
 */
import { z } from 'zod';

export const viewerSchema = z.object({
  id: z.string(),
  username: z.string(),
  /** A visitor without an account whose projects live in a guest session cookie. */
  isGuest: z.boolean(),
});
export type Viewer = z.infer<typeof viewerSchema>;

/** Sign out through the JSON endpoint, then start over on the home page. */
export async function signOut(fetchImpl: typeof fetch = fetch): Promise<void> {
  await fetchImpl('/api/auth/logout', { method: 'POST', headers: { Accept: 'application/json' } }).catch(() => undefined);
  window.location.assign('/');
}
