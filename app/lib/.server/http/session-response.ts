import { serializeSessionCookie } from '../auth/cookie';
import { type IssuedSession } from '../auth/sessions';

/** A JSON response that also sets the session cookie. */
export function jsonWithSession(
  request: Request,
  body: unknown,
  session: IssuedSession,
  status = 200,
): Response {
  return Response.json(body, {
    status,
    headers: { 'Set-Cookie': serializeSessionCookie(request, session.cookieValue, session.maxAgeSeconds) },
  });
}
