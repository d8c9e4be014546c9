import { describe, expect, it } from 'vitest';
import { joinCommandLines } from './command-line';

describe('joinCommandLines', () => {
  it.each([
    ['npm run dev', 'npm run dev'],
    ['cd app\nnpm install', 'cd app && npm install'],
    ['npm install &&\nnpm test', 'npm install && npm test'],
    ['npx create-app \\\n  --yes', 'npx create-app --yes'],
    ['ls |\n wc -l', 'ls | wc -l'],
    ['# set up\n\nnpm i\r\n', 'npm i'],
    ['', ''],
  ])('%j → %j', (input, expected) => {
    expect(joinCommandLines(input)).toBe(expected);
  });
});
