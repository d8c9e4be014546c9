import { describe, expect, it } from 'vitest';
import { createArtifactAutoSteps, isPlainInstallCommand, stripInstallCommands } from './auto-steps';
import type { ActionData } from './types';

const file = (filePath: string, content = ''): ActionData => ({ type: 'file', filePath, content });
const shell = (content: string): ActionData => ({ type: 'shell', content });
const start = (content: string): ActionData => ({ type: 'start', content });

describe('isPlainInstallCommand', () => {
  it.each([
    ['npm install', true],
    ['npm i', true],
    ['npm ci', true],
    ['npm install --legacy-peer-deps', true],
    ['pnpm install', true],
    ['pnpm i', true],
    ['yarn', true],
    ['yarn install', true],
    ['bun install', true],
    ['npm install react', false],
    ['npm i -D vite', false],
    ['yarn add zod', false],
    ['npm run dev', false],
    ['npm installer', false],
  ])('%s → %s', (command, expected) => {
    expect(isPlainInstallCommand(command)).toBe(expected);
  });
});

describe('stripInstallCommands', () => {
  it.each([
    ['npm install && npm run build', 'npm run build'],
    ['npm i&&npm test && yarn', 'npm test'],
    ['npm install', ''],
    ['npm install zod && npm i', 'npm install zod'],
    ['ls', 'ls'],
  ])('%s → %j', (command, expected) => {
    expect(stripInstallCommands(command)).toBe(expected);
  });
});

function plan(actions: ActionData[]) {
  const steps = createArtifactAutoSteps();
  return { steps, planned: actions.map((action) => steps.planAction(action)) };
}

describe('createArtifactAutoSteps', () => {
  it('installs after a package.json write and strips later plain installs', () => {
    const { planned } = plan([file('src/a.ts'), file('package.json', '{}'), file('src/b.ts'), shell('npm install && npm run build'), shell('npm i')]);
    expect(planned).toEqual([
      [{ kind: 'run', action: file('src/a.ts') }],
      [
        { kind: 'run', action: file('package.json', '{}') },
        { kind: 'auto', action: { type: 'shell', content: 'npm install' } },
      ],
      [{ kind: 'run', action: file('src/b.ts') }],
      [{ kind: 'run', action: shell('npm run build') }],
      [{ kind: 'drop', reason: 'Dependencies are already being installed for this artifact' }],
    ]);
  });

  it("keeps the model's first install when no package.json was written, then strips repeats", () => {
    const { planned } = plan([shell('npm install'), shell('npm install && npm test')]);
    expect(planned).toEqual([[{ kind: 'run', action: shell('npm install') }], [{ kind: 'run', action: shell('npm test') }]]);
  });

  it('does not touch installs of named packages', () => {
    const { planned } = plan([file('package.json', '{}'), shell('npm install zod')]);
    expect(planned[1]).toEqual([{ kind: 'run', action: shell('npm install zod') }]);
  });

  it.each<[string, ActionData[], string | null, string | null]>([
    ['adds a start for a detected framework', [file('package.json')], '{"scripts":{"dev":"vite"}}', 'npm run dev'],
    ['not when the artifact has a start', [start('npm run dev')], '{"scripts":{"dev":"vite"}}', null],
    ['not without a framework', [file('a.ts')], '{"dependencies":{"zod":"3"}}', null],
    ['not without a package.json', [file('a.ts')], null, null],
    ['not for broken JSON', [file('a.ts')], '{', null],
  ])('%s', (_name, actions, packageJson, expected) => {
    const { steps } = plan(actions);
    expect(steps.planStart(packageJson)?.content ?? null).toBe(expected);
  });

  it('remembers the package.json the artifact wrote', () => {
    const { steps } = plan([file('package.json', '{"a":1}'), file('./package.json', '{"a":2}')]);
    expect(steps.writtenPackageJson).toBe('{"a":2}');
  });
});
