/** Editor settings kept in localStorage. Nothing runs on import; call `loadSettings()` on the client. */
import { atom } from 'nanostores';
import { z } from 'zod';

export const SETTINGS_STORAGE_KEY = 'kiln:settings';

const settingsSchema = z.object({
  editorFontSize: z.number().int().min(10).max(24).catch(13),
  editorTabSize: z.number().int().min(1).max(8).catch(2),
  editorLineWrapping: z.boolean().catch(false),
});

export type Settings = z.infer<typeof settingsSchema>;

export const DEFAULT_SETTINGS: Settings = settingsSchema.parse({});

export const $settings = atom<Settings>(DEFAULT_SETTINGS);

/** Unknown or invalid stored values fall back to defaults field by field. */
export function parseSettings(raw: string | null): Settings {
  if (!raw) return DEFAULT_SETTINGS;
  try {
    const parsed: unknown = JSON.parse(raw);
    return settingsSchema.parse(typeof parsed === 'object' && parsed !== null ? parsed : {});
  } catch {
    return DEFAULT_SETTINGS;
  }
}

export function loadSettings(): void {
  try {
    $settings.set(parseSettings(window.localStorage.getItem(SETTINGS_STORAGE_KEY)));
  } catch {
    // Storage blocked: keep defaults.
  }
}

export function updateSettings(patch: Partial<Settings>): void {
  const next = settingsSchema.parse({ ...$settings.get(), ...patch });
  $settings.set(next);
  try {
    window.localStorage.setItem(SETTINGS_STORAGE_KEY, JSON.stringify(next));
  } catch {
    // Not persisted when storage is blocked.
  }
}
