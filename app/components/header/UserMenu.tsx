import { Link } from '@remix-run/react';
import { useEffect, useRef, useState } from 'react';
import { signOut, type Viewer } from '~/lib/stores/auth';

/** Sign-in links for visitors and guests; a menu with Settings and Sign out for users. */
export function UserMenu({ viewer }: { viewer: Viewer | null }) {
  const [open, setOpen] = useState(false);
  const menuRef = useRef<HTMLDivElement>(null);

  useEffect(() => {
    if (!open) {
      return;
    }
    const close = (event: MouseEvent | KeyboardEvent) => {
      if (event instanceof KeyboardEvent ? event.key === 'Escape' : !menuRef.current?.contains(event.target as Node)) {
        setOpen(false);
      }
    };
    document.addEventListener('mousedown', close);
    document.addEventListener('keydown', close);
    return () => {
      document.removeEventListener('mousedown', close);
      document.removeEventListener('keydown', close);
    };
  }, [open]);

  if (!viewer || viewer.isGuest) {
    return (
      <div className="kiln-header-auth">
        <Link to="/sign-in" className="kiln-button kiln-button-ghost" data-testid="sign-in-link">
          Sign in
        </Link>
        <Link to="/sign-up" className="kiln-button kiln-button-primary">
          Sign up
        </Link>
      </div>
    );
  }

  return (
    <div className="kiln-user-menu" ref={menuRef}>
      <button
        type="button"
        className="kiln-user-button"
        data-testid="user-menu"
        aria-haspopup="menu"
        aria-expanded={open}
        onClick={() => setOpen((value) => !value)}
      >
        <span className="kiln-avatar" aria-hidden="true">
          {viewer.username.slice(0, 1).toUpperCase()}
        </span>
        <span className="kiln-user-name">{viewer.username}</span>
      </button>
      {open && (
        <div className="kiln-menu" role="menu">
          <div className="kiln-menu-label">Signed in as {viewer.username}</div>
          <Link to="/settings/tokens" role="menuitem" className="kiln-menu-item" onClick={() => setOpen(false)}>
            Settings
          </Link>
          <button type="button" role="menuitem" className="kiln-menu-item" data-testid="sign-out" onClick={() => void signOut()}>
            Sign out
          </button>
        </div>
      )}
    </div>
  );
}
