import { describe, expect, it } from 'vitest';
import { planRestoreCommands } from './restore';

const detectDev = (json: unknown) =>
  json && typeof json === 'object' && 'scripts' in json && (json.scripts as Record<string, string>).dev ? 'npm run dev' : null;

describe('planRestoreCommands', () => {
  it.each([
    ['no manifest', undefined, []],
    ['broken JSON', '{', []],
    ['not an object', '"x"', []],
    ['no start command', JSON.stringify({ dependencies: { react: '18' } }), []],
    [
      'dependencies and a dev script',
      JSON.stringify({ scripts: { dev: 'vite' }, devDependencies: { vite: '6' } }),
      [
        { command: 'npm install', isStart: false },
        { command: 'npm run dev', isStart: true },
      ],
    ],
    ['a dev script without dependencies', JSON.stringify({ scripts: { dev: 'node server.js' } }), [{ command: 'npm run dev', isStart: true }]],
  ])('%s', (_name, text, expected) => {
    expect(planRestoreCommands(text, detectDev)).toEqual(expected);
  });
});
