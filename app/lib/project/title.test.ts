import { describe, expect, it } from 'vitest';
import { MAX_TITLE_LENGTH, titleFromPrompt } from './title';

describe('titleFromPrompt', () => {
  it.each([
    ['a todo app.', 'A todo app'],
    ['  Build a   landing page\nwith a hero', 'Build a landing page'],
    ['', 'Untitled project'],
    ['   \n  ', 'Untitled project'],
    [
      'Build a habit tracker with streaks, reminders, a weekly chart and a dark mode toggle please',
      'Build a habit tracker with streaks, reminders, a weekly…',
    ],
    ['x'.repeat(100), `X${'x'.repeat(MAX_TITLE_LENGTH - 2)}…`],
  ])('%j → %j', (prompt, title) => {
    expect(titleFromPrompt(prompt)).toBe(title);
    expect(titleFromPrompt(prompt).length).toBeLessThanOrEqual(MAX_TITLE_LENGTH);
  });
});
