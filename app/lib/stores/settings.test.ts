import { describe, expect, it } from 'vitest';
import { DEFAULT_SETTINGS, parseSettings } from './settings';
import { parseThemePreference } from './theme';

describe('parseSettings', () => {
  it.each([
    [null, DEFAULT_SETTINGS],
    ['not json', DEFAULT_SETTINGS],
    ['[]', DEFAULT_SETTINGS],
    ['{"editorFontSize":15}', { ...DEFAULT_SETTINGS, editorFontSize: 15 }],
    ['{"editorFontSize":99,"editorLineWrapping":true}', { ...DEFAULT_SETTINGS, editorLineWrapping: true }],
  ])('%s', (raw, expected) => {
    expect(parseSettings(raw)).toEqual(expected);
  });
});

describe('parseThemePreference', () => {
  it.each([
    ['dark', 'dark'],
    ['light', 'light'],
    ['system', 'system'],
    ['purple', 'system'],
    [null, 'system'],
  ])('%s → %s', (value, expected) => {
    expect(parseThemePreference(value)).toBe(expected);
  });
});
