import { Link, useActionData, useSearchParams } from '@remix-run/react';
import { useState, type FormEvent } from 'react';
import { Wordmark } from '~/components/header/Wordmark';
import { readApiErrors, safeRedirectPath } from './api-errors';
import './auth.css';

export type AuthMode = 'sign-in' | 'sign-up';

interface Field {
  name: 'email' | 'username' | 'password';
  label: string;
  type: string;
  autoComplete: string;
  hint?: string;
}

const FIELDS: Record<AuthMode, Field[]> = {
  'sign-in': [
    { name: 'email', label: 'Email', type: 'email', autoComplete: 'email' },
    { name: 'password', label: 'Password', type: 'password', autoComplete: 'current-password' },
  ],
  'sign-up': [
    { name: 'email', label: 'Email', type: 'email', autoComplete: 'email' },
    { name: 'username', label: 'Username', type: 'text', autoComplete: 'username', hint: '3–32 characters: a–z, 0–9, _ or -' },
    { name: 'password', label: 'Password', type: 'password', autoComplete: 'new-password', hint: 'At least 8 characters' },
  ],
};

const COPY: Record<AuthMode, { title: string; subtitle: string; submit: string; busy: string }> = {
  'sign-in': { title: 'Welcome back', subtitle: 'Sign in to open your projects.', submit: 'Sign in', busy: 'Signing in…' },
  'sign-up': {
    title: 'Create your account',
    subtitle: 'Keep your projects in your account. Anything you built as a guest comes with you.',
    submit: 'Create account',
    busy: 'Creating account…',
  },
};

/** Sign-in and sign-up: posts to the JSON auth endpoints and shows their errors beside the fields. */
export function AuthForm({ mode }: { mode: AuthMode }) {
  const [params] = useSearchParams();
  const redirectTo = safeRedirectPath(params.get('redirectTo'));
  const [busy, setBusy] = useState(false);
  // Set when the form was posted without JavaScript (before hydration): the route action's answer.
  const posted = useActionData<{ message: string | null; fields: Record<string, string> }>();
  const [error, setError] = useState<string | null>(posted?.message ?? null);
  const [fieldErrors, setFieldErrors] = useState<Record<string, string>>(posted?.fields ?? {});
  const copy = COPY[mode];
  const otherQuery = params.get('redirectTo') ? `?redirectTo=${encodeURIComponent(redirectTo)}` : '';

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const body = Object.fromEntries(FIELDS[mode].map((field) => [field.name, String(form.get(field.name) ?? '')]));
    setBusy(true);
    setError(null);
    setFieldErrors({});
    try {
      const response = await fetch(mode === 'sign-in' ? '/api/auth/login' : '/api/auth/signup', {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', Accept: 'application/json' },
        body: JSON.stringify(body),
      });
      if (response.ok) {
        // A document load, so every loader (and the header) sees the new session.
        window.location.assign(redirectTo);
        return;
      }
      const errors = await readApiErrors(response);
      setFieldErrors(errors.fields);
      setError(errors.message);
    } catch {
      setError('Kiln could not be reached. Check your connection and try again.');
    }
    setBusy(false);
  }

  return (
    <main className="kiln-auth">
      <div className="kiln-auth-card">
        <Wordmark />
        <h1>{copy.title}</h1>
        <p className="kiln-auth-subtitle">{copy.subtitle}</p>
        <form method="post" onSubmit={(event) => void onSubmit(event)} noValidate data-testid={`${mode}-form`}>
          {FIELDS[mode].map((field) => (
            <label key={field.name} className="kiln-auth-field">
              <span>{field.label}</span>
              <input
                className="kiln-input"
                name={field.name}
                type={field.type}
                autoComplete={field.autoComplete}
                required
                aria-invalid={fieldErrors[field.name] ? true : undefined}
                data-testid={`auth-${field.name}`}
              />
              {fieldErrors[field.name] ? (
                <small className="kiln-auth-field-error">{fieldErrors[field.name]}</small>
              ) : (
                field.hint && <small>{field.hint}</small>
              )}
            </label>
          ))}
          {error && (
            <p className="kiln-auth-error" role="alert" data-testid="auth-error">
              {error}
            </p>
          )}
          <button type="submit" className="kiln-button kiln-button-primary kiln-auth-submit" disabled={busy} data-testid="auth-submit">
            {busy ? copy.busy : copy.submit}
          </button>
        </form>
        <p className="kiln-auth-switch">
          {mode === 'sign-in' ? (
            <>
              New to Kiln? <Link to={`/sign-up${otherQuery}`}>Create an account</Link>
            </>
          ) : (
            <>
              Already have an account? <Link to={`/sign-in${otherQuery}`}>Sign in</Link>
            </>
          )}
        </p>
      </div>
    </main>
  );
}
