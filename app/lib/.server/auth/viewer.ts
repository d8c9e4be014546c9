import { getDb } from '../db/client';
import { type users } from '../db/schema';
import { ForbiddenError, UnauthorizedError } from '../http/errors';
import { findTokenUser } from './api-tokens';
import { readSessionCookie } from './cookie';
import { findSessionUser } from './sessions';

/** Who is calling. Guests come only through a session cookie (docs/decisions/0003-guest-sessions.md). */
export type Viewer = {
  id: string;
  email: string | null;
  username: string | null;
  isGuest: boolean;
  via: 'session' | 'token';
};

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);
const resolved = new WeakMap<Request, Promise<Viewer | null>>();

function toViewer(user: typeof users.$inferSelect, via: Viewer['via']): Viewer {
  return { id: user.id, email: user.email, username: user.username, isGuest: user.isGuest, via };
}

/**
 * A cookie-authenticated state change must come from our own origin. Browsers send Origin on such
 * requests; preview pages (sb-*.localhost) are same-site, so SameSite=Lax alone would not stop them.
 */
function assertSameOrigin(request: Request): void {
  const origin = request.headers.get('origin');
  if (!origin || SAFE_METHODS.has(request.method.toUpperCase())) {
    return;
  }
  let originHost: string;
  try {
    originHost = new URL(origin).host;
  } catch {
    throw new ForbiddenError('Cross-origin request refused');
  }
  const host = request.headers.get('x-forwarded-host') ?? request.headers.get('host') ?? new URL(request.url).host;
  if (originHost !== host) {
    throw new ForbiddenError('Cross-origin request refused');
  }
}

async function resolveViewer(request: Request): Promise<Viewer | null> {
  const authorization = request.headers.get('authorization');
  if (authorization) {
    const match = /^Bearer\s+(\S+)\s*$/i.exec(authorization);
    if (!match) {
      throw new UnauthorizedError('Invalid Authorization header');
    }
    const user = await findTokenUser(await getDb(), match[1]);
    if (!user) {
      throw new UnauthorizedError('Invalid or revoked access token');
    }
    return toViewer(user, 'token');
  }
  const cookieValue = readSessionCookie(request);
  if (!cookieValue) {
    return null;
  }
  const user = await findSessionUser(await getDb(), cookieValue);
  if (!user) {
    return null;
  }
  assertSameOrigin(request);
  return toViewer(user, 'session');
}

/** The caller (account or guest), or null for anonymous. A bad bearer token is 401, never anonymous. */
export function getUser(request: Request): Promise<Viewer | null> {
  let viewer = resolved.get(request);
  if (!viewer) {
    viewer = resolveViewer(request);
    resolved.set(request, viewer);
  }
  return viewer;
}

/** The caller, account or guest; anonymous → 401. Use for building and saving. */
export async function requireUser(request: Request): Promise<Viewer> {
  const viewer = await getUser(request);
  if (!viewer) {
    throw new UnauthorizedError();
  }
  return viewer;
}

/** A signed-in account (not a guest); otherwise 401. Use for account features such as tokens. */
export async function requireAccount(request: Request): Promise<Viewer> {
  const viewer = await requireUser(request);
  if (viewer.isGuest) {
    throw new UnauthorizedError();
  }
  return viewer;
}
