/**
 * Colour theme: light, dark or follow the system. The choice is kept in localStorage and applied as
 * `data-theme` on <html>. Nothing runs on import; call `initTheme()` once on the client.
 */
import { atom, computed } from 'nanostores';

export type ThemePreference = 'light' | 'dark' | 'system';
export type ResolvedTheme = 'light' | 'dark';

export const THEME_STORAGE_KEY = 'kiln:theme';

export const $themePreference = atom<ThemePreference>('system');
const $systemTheme = atom<ResolvedTheme>('light');

export const $theme = computed([$themePreference, $systemTheme], (preference, system): ResolvedTheme =>
  preference === 'system' ? system : preference,
);

export function parseThemePreference(value: unknown): ThemePreference {
  return value === 'light' || value === 'dark' || value === 'system' ? value : 'system';
}

function readStoredPreference(): ThemePreference {
  try {
    return parseThemePreference(window.localStorage.getItem(THEME_STORAGE_KEY));
  } catch {
    // Storage can be blocked (privacy settings); fall back to the system theme.
    return 'system';
  }
}

export function setThemePreference(preference: ThemePreference): void {
  $themePreference.set(preference);
  try {
    window.localStorage.setItem(THEME_STORAGE_KEY, preference);
  } catch {
    // Not persisted when storage is blocked; the choice still applies to this page.
  }
}

export function toggleTheme(): void {
  setThemePreference($theme.get() === 'dark' ? 'light' : 'dark');
}

/** Reads the stored choice, follows the system setting and keeps <html data-theme> in step. */
export function initTheme(): () => void {
  const media = window.matchMedia('(prefers-color-scheme: dark)');
  const onSystemChange = () => $systemTheme.set(media.matches ? 'dark' : 'light');
  onSystemChange();
  $themePreference.set(readStoredPreference());
  media.addEventListener('change', onSystemChange);
  const unsubscribe = $theme.subscribe((theme) => {
    document.documentElement.dataset.theme = theme;
    document.documentElement.style.colorScheme = theme;
  });
  return () => {
    media.removeEventListener('change', onSystemChange);
    unsubscribe();
  };
}

/**
 * Inline script for <head> that sets data-theme before first paint (no flash of the wrong theme).
 * A constant string: nothing user-controlled is written into it.
 */
export const THEME_BOOT_SCRIPT = `(function(){try{var p=localStorage.getItem('${THEME_STORAGE_KEY}');var d=p==='dark'||(p!=='light'&&matchMedia('(prefers-color-scheme: dark)').matches);document.documentElement.dataset.theme=d?'dark':'light';}catch(e){}})();`;
