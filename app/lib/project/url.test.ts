import { describe, expect, it } from 'vitest';
import { cleanProjectUrl, readPromptParam } from './url';

describe('project url', () => {
  it.each([
    ['http://k/~/todo-app?prompt=Build%20it', {}, '/~/todo-app'],
    ['http://k/~/todo-app?prompt=x&ref=home#files', {}, '/~/todo-app?ref=home#files'],
    ['http://k/~/todo-app?prompt=x&ref=home', { dropAllParams: true }, '/~/todo-app'],
    ['http://k/~/todo-app', {}, '/~/todo-app'],
  ])('%s %o → %s', (href, options, expected) => {
    expect(cleanProjectUrl(href, 'todo-app', options)).toBe(expected);
  });

  it.each([
    ['http://k/~/a?prompt=Build%20a%20todo%20app', 'Build a todo app'],
    ['http://k/~/a?prompt=%20%20', null],
    ['http://k/~/a', null],
  ])('reads the prompt of %s', (href, prompt) => {
    expect(readPromptParam(href)).toBe(prompt);
  });
});
