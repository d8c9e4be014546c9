import { redirect } from '@remix-run/node';
import { safeRedirectPath } from '~/components/auth/api-errors';
import { getDb } from '../db/client';
import { HttpError } from '../http/errors';
import { readBodyText } from '../http/body';
import { logIn, logInSchema, signUp, signUpSchema } from './accounts';
import { serializeSessionCookie } from './cookie';
import { logInThrottled } from './login-throttle';
import { getUser } from './viewer';

/** The auth pages' loader: someone already signed in (not a guest) goes where they were heading. */
export async function redirectSignedIn(request: Request): Promise<null> {
  const viewer = await getUser(request).catch(() => null);
  if (viewer && !viewer.isGuest) {
    throw redirect(safeRedirectPath(new URL(request.url).searchParams.get('redirectTo')));
  }
  return null;
}

/** The auth pages' action for a plain form post (before hydration or without JavaScript). */
export function authPageAction(request: Request, mode: 'sign-in' | 'sign-up'): Promise<Response | AuthFormResult> {
  return handleAuthForm(request, mode, safeRedirectPath(new URL(request.url).searchParams.get('redirectTo')));
}

export interface AuthFormResult {
  message: string | null;
  fields: Record<string, string>;
}

const MAX_FORM_BYTES = 16 * 1024;

/**
 * The sign-in/sign-up pages' form action: the same services as the JSON endpoints, for a plain form
 * post (before the page has hydrated, or without JavaScript). Success redirects with the session cookie;
 * failure answers the messages for the form to show.
 */
export async function handleAuthForm(
  request: Request,
  mode: 'sign-in' | 'sign-up',
  redirectTo: string,
): Promise<Response | AuthFormResult> {
  try {
    const form = new URLSearchParams(await readBodyText(request, MAX_FORM_BYTES));
    const raw = Object.fromEntries(
      (mode === 'sign-up' ? ['email', 'username', 'password'] : ['email', 'password']).map((name) => [name, form.get(name) ?? '']),
    );
    const caller = await getUser(request).catch(() => null);
    if (mode === 'sign-up') {
      const parsed = signUpSchema.safeParse(raw);
      if (!parsed.success) {
        return { message: null, fields: Object.fromEntries(parsed.error.issues.map((i) => [String(i.path[0] ?? 'form'), i.message])) };
      }
      const { session } = await signUp(await getDb(), parsed.data, caller);
      return redirect(redirectTo, { headers: { 'Set-Cookie': serializeSessionCookie(request, session.cookieValue, session.maxAgeSeconds) } });
    }
    const parsed = logInSchema.safeParse(raw);
    if (!parsed.success) {
      return { message: 'Invalid email or password', fields: {} };
    }
    const input = parsed.data;
    const { session } = await logInThrottled(request, input, async () => logIn(await getDb(), input, caller));
    return redirect(redirectTo, { headers: { 'Set-Cookie': serializeSessionCookie(request, session.cookieValue, session.maxAgeSeconds) } });
  } catch (error) {
    if (error instanceof HttpError) {
      const fields: Record<string, string> = {};
      const messages: string[] = [];
      for (const entry of error.errors) {
        if (typeof entry === 'string') messages.push(entry);
        else fields[entry.field] = entry.message;
      }
      return { message: messages.join('\n') || null, fields };
    }
    throw error;
  }
}
