import { Link } from '@remix-run/react';

/** The Kiln mark: a small flame in a rounded square, and the name. */
export function Wordmark() {
  return (
    <Link to="/" className="kiln-wordmark" aria-label="Kiln home">
      <svg width="22" height="22" viewBox="0 0 24 24" aria-hidden="true">
        <rect x="1" y="1" width="22" height="22" rx="6" fill="var(--kiln-accent, #e8590c)" />
        <path
          d="M12 5.5c.6 2.3 3.8 3.9 3.8 7.3A3.8 3.8 0 0 1 12 16.6a3.8 3.8 0 0 1-3.8-3.8c0-1.6.8-2.6 1.6-3.3.1 1.1.7 1.9 1.5 2.2-.4-2.4.1-4.6.7-6.2z"
          fill="#fff"
        />
        <rect x="7" y="18" width="10" height="1.6" rx=".8" fill="#fff" opacity=".85" />
      </svg>
      <span>Kiln</span>
    </Link>
  );
}
