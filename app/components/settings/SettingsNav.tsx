import { NavLink } from '@remix-run/react';

const SECTIONS = [{ to: '/settings/tokens', label: 'Access tokens' }] as const;

export function SettingsNav() {
  return (
    <nav className="kiln-settings-nav" aria-label="Settings">
      <h1>Settings</h1>
      {SECTIONS.map((section) => (
        <NavLink key={section.to} to={section.to} className={({ isActive }) => `kiln-settings-link${isActive ? ' kiln-settings-link-active' : ''}`}>
          {section.label}
        </NavLink>
      ))}
    </nav>
  );
}
