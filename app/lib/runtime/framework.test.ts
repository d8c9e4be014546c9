import { describe, expect, it } from 'vitest';
import { detectFramework } from './framework';

const pkg = (dependencies: Record<string, string>, scripts: Record<string, string> = {}) => ({ dependencies, scripts });

describe('detectFramework', () => {
  it.each<[string, unknown, string | null, string | null]>([
    ['nextjs', pkg({ next: '14.0.0', react: '18' }, { dev: 'next dev' }), 'nextjs', 'npx next dev'],
    ['remix with a dev script', pkg({ '@remix-run/react': '2' }, { dev: 'remix vite:dev' }), 'remix', 'npm run dev'],
    ['nuxt 3', pkg({ nuxt: '^3.8.0' }), 'nuxt3', 'npx nuxi dev'],
    ['nuxt 2', pkg({ nuxt: '^2.17.0' }), 'nuxt2', 'npx nuxt dev'],
    ['sveltekit', { devDependencies: { '@sveltejs/kit': '2' } }, 'sveltekit', 'npx vite dev'],
    ['nestjs uses the start script', pkg({ '@nestjs/core': '10' }, { start: 'nest start' }), 'nestjs', 'npm run start'],
    ['astro', pkg({ astro: '4' }), 'astro', 'npx astro dev'],
    ['docusaurus', pkg({ '@docusaurus/core': '3' }), 'docusaurus', 'npx docusaurus start'],
    ['slidev', pkg({ '@slidev/cli': '0.48' }), 'slidev', 'npx slidev'],
    ['eleventy', pkg({ '@11ty/eleventy': '2' }), 'eleventy', 'npx @11ty/eleventy --serve'],
    ['nativescript', pkg({ '@nativescript/core': '8' }), 'nativescript', 'npx nativescript preview'],
    ['expo', pkg({ expo: '51' }), 'expo', 'npx expo start'],
    ['a plain vite app falls back to the dev script', pkg({ vite: '5' }, { dev: 'vite', start: 'x' }), 'dev-script', 'npm run dev'],
    ['then the start script', pkg({ express: '4' }, { start: 'node index.js' }), 'start-script', 'npm start'],
    ['nothing to start', pkg({ lodash: '4' }), null, null],
    ['package.json text', '{"dependencies":{"next":"14"}}', 'nextjs', 'npx next dev'],
    ['invalid JSON', '{"dependencies":', null, null],
    ['not an object', 42, null, null],
    ['null', null, null, null],
    ['malformed fields are ignored', { dependencies: 'oops', scripts: { dev: 'vite', bad: 1 } }, 'dev-script', 'npm run dev'],
  ])('%s', (_name, input, name, startCommand) => {
    const detected = detectFramework(input);
    expect(detected?.name ?? null).toBe(name);
    expect(detected?.startCommand ?? null).toBe(startCommand);
  });

  it('gives build commands and output folders where the spec names them', () => {
    expect(detectFramework(pkg({ astro: '4' }))).toMatchObject({ buildCommand: 'npx astro build', outputDir: 'dist' });
    expect(detectFramework(pkg({ '@slidev/cli': '1' }))).toMatchObject({ buildCommand: 'npx slidev build', outputDir: 'dist' });
  });
});
