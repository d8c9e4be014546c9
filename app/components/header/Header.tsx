import type { ReactNode } from 'react';
import type { Viewer } from '~/lib/stores/auth';
import { ThemeToggle } from './ThemeToggle';
import { UserMenu } from './UserMenu';
import { Wordmark } from './Wordmark';
import './header.css';

/** The top bar of every page. `children` sits between the wordmark and the account controls. */
export function Header({ viewer, children }: { viewer: Viewer | null; children?: ReactNode }) {
  return (
    <header className="kiln-header" data-testid="header">
      <Wordmark />
      <div className="kiln-header-middle">{children}</div>
      <div className="kiln-header-end">
        <ThemeToggle />
        <UserMenu viewer={viewer} />
      </div>
    </header>
  );
}
