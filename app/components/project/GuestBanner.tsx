import { Link } from '@remix-run/react';

/** Guests' projects live in their browser's guest session until they sign in or sign up. */
export function GuestBanner({ returnTo }: { returnTo: string }) {
  const query = `?redirectTo=${encodeURIComponent(returnTo)}`;
  return (
    <div className="kiln-guest-banner" data-testid="guest-banner" role="note">
      <span>Not signed in — sign in to keep this project in your account</span>
      <span className="kiln-guest-links">
        <Link to={`/sign-in${query}`}>Sign in</Link>
        <span aria-hidden="true">·</span>
        <Link to={`/sign-up${query}`}>Create an account</Link>
      </span>
    </div>
  );
}
