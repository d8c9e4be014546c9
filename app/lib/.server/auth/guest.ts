import { getDb } from '../db/client';
import { createGuest } from './accounts';
import { serializeSessionCookie } from './cookie';
import { getUser, type Viewer } from './viewer';

/**
 * The caller, or — for an anonymous browser visitor — a new guest with a session. UI actions that create
 * a project for anyone (the home page prompt) call this and attach `setCookie` to their response.
 */
export async function ensureViewer(request: Request): Promise<{ viewer: Viewer; setCookie?: string }> {
  const viewer = await getUser(request);
  if (viewer) {
    return { viewer };
  }
  const { viewer: guest, session } = await createGuest(await getDb());
  return { viewer: guest, setCookie: serializeSessionCookie(request, session.cookieValue, session.maxAgeSeconds) };
}
