import { useStore } from '@nanostores/react';
import { useEffect } from 'react';
import { $theme, initTheme, toggleTheme } from '~/lib/stores/theme';
import { IconButton } from './IconButton';

/** Call once in the app shell: applies the stored theme and follows the system setting. */
export function useInitTheme(): void {
  useEffect(() => initTheme(), []);
}

export function ThemeToggle() {
  const theme = useStore($theme);
  const next = theme === 'dark' ? 'light' : 'dark';
  return <IconButton icon={theme === 'dark' ? 'sun' : 'moon'} label={`Switch to ${next} theme`} onClick={toggleTheme} />;
}
