export const SESSION_COOKIE = 'kiln_session';

/** True when the browser reached us over https, directly or through a proxy that says so. */
export function isHttpsRequest(request: Request): boolean {
  const forwarded = request.headers.get('x-forwarded-proto')?.split(',')[0]?.trim().toLowerCase();
  if (forwarded) {
    return forwarded === 'https';
  }
  return new URL(request.url).protocol === 'https:';
}

/**
 * Host-only (no Domain attribute), so the cookie never reaches preview origins such as
 * sb-3000.localhost; HttpOnly so page scripts cannot read it; Lax so cross-site posts do not carry it.
 */
export function serializeSessionCookie(request: Request, value: string, maxAgeSeconds: number): string {
  const parts = [`${SESSION_COOKIE}=${value}`, 'Path=/', 'HttpOnly', 'SameSite=Lax', `Max-Age=${maxAgeSeconds}`];
  if (isHttpsRequest(request)) {
    parts.push('Secure');
  }
  return parts.join('; ');
}

export function clearSessionCookie(request: Request): string {
  return serializeSessionCookie(request, '', 0);
}

export function readSessionCookie(request: Request): string | undefined {
  const header = request.headers.get('cookie');
  if (!header) {
    return undefined;
  }
  for (const part of header.split(';')) {
    const eq = part.indexOf('=');
    if (eq > 0 && part.slice(0, eq).trim() === SESSION_COOKIE) {
      const value = part.slice(eq + 1).trim();
      return value === '' ? undefined : value;
    }
  }
  return undefined;
}
