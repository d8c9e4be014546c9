/**
 * Framework detection from package.json (spec §5 "Framework detection"): which command starts the
 * dev server after an artifact, and how to build for deploy.
 */
import { z } from 'zod';

export type FrameworkName =
  | 'nextjs'
  | 'remix'
  | 'nuxt3'
  | 'nuxt2'
  | 'sveltekit'
  | 'nestjs'
  | 'astro'
  | 'docusaurus'
  | 'slidev'
  | 'eleventy'
  | 'nativescript'
  | 'expo'
  | 'dev-script'
  | 'start-script';

export interface DetectedFramework {
  name: FrameworkName;
  startCommand: string;
  buildCommand?: string;
  outputDir?: string;
}

/** Lenient on purpose: a malformed field is treated as absent rather than hiding the whole file. */
const stringRecord = z.record(z.unknown()).transform((record) =>
  Object.fromEntries(Object.entries(record).filter((entry): entry is [string, string] => typeof entry[1] === 'string')),
);
const packageJsonSchema = z.object({
  dependencies: stringRecord.optional().catch(undefined),
  devDependencies: stringRecord.optional().catch(undefined),
  scripts: stringRecord.optional().catch(undefined),
});

type PackageInfo = { dependencies: Record<string, string>; scripts: Record<string, string> };

interface FrameworkRule {
  name: FrameworkName;
  matches(info: PackageInfo): boolean;
  detect(info: PackageInfo): DetectedFramework;
}

const has = (info: PackageInfo, name: string) => name in info.dependencies;
/** The project's own script when it has one, else the framework's command. */
const script = (info: PackageInfo, name: string, fallback: string) => (info.scripts[name] ? `npm run ${name}` : fallback);

const RULES: FrameworkRule[] = [
  {
    name: 'nextjs',
    matches: (info) => has(info, 'next'),
    detect: () => ({ name: 'nextjs', startCommand: 'npx next dev', buildCommand: 'npx next build', outputDir: 'out' }),
  },
  {
    name: 'remix',
    matches: (info) => has(info, '@remix-run/dev') || has(info, '@remix-run/react'),
    detect: (info) => ({
      name: 'remix',
      startCommand: script(info, 'dev', 'npx remix vite:dev'),
      buildCommand: script(info, 'build', 'npx remix vite:build'),
      outputDir: 'build/client',
    }),
  },
  {
    name: 'nuxt2',
    matches: (info) => has(info, 'nuxt') && /^\D*2\./.test(info.dependencies.nuxt),
    detect: () => ({ name: 'nuxt2', startCommand: 'npx nuxt dev', buildCommand: 'npx nuxt generate', outputDir: 'dist' }),
  },
  {
    name: 'nuxt3',
    matches: (info) => has(info, 'nuxt') || has(info, 'nuxi'),
    detect: () => ({ name: 'nuxt3', startCommand: 'npx nuxi dev', buildCommand: 'npx nuxi generate', outputDir: '.output/public' }),
  },
  {
    name: 'sveltekit',
    matches: (info) => has(info, '@sveltejs/kit'),
    detect: (info) => ({ name: 'sveltekit', startCommand: script(info, 'dev', 'npx vite dev'), buildCommand: 'npx vite build', outputDir: 'build' }),
  },
  {
    name: 'nestjs',
    matches: (info) => has(info, '@nestjs/core'),
    detect: (info) => ({ name: 'nestjs', startCommand: script(info, 'start', 'npx nest start'), buildCommand: 'npx nest build', outputDir: 'dist' }),
  },
  {
    name: 'astro',
    matches: (info) => has(info, 'astro'),
    detect: () => ({ name: 'astro', startCommand: 'npx astro dev', buildCommand: 'npx astro build', outputDir: 'dist' }),
  },
  {
    name: 'docusaurus',
    matches: (info) => has(info, '@docusaurus/core'),
    detect: () => ({ name: 'docusaurus', startCommand: 'npx docusaurus start', buildCommand: 'npx docusaurus build', outputDir: 'build' }),
  },
  {
    name: 'slidev',
    matches: (info) => has(info, '@slidev/cli'),
    detect: () => ({ name: 'slidev', startCommand: 'npx slidev', buildCommand: 'npx slidev build', outputDir: 'dist' }),
  },
  {
    name: 'eleventy',
    matches: (info) => has(info, '@11ty/eleventy'),
    detect: () => ({ name: 'eleventy', startCommand: 'npx @11ty/eleventy --serve', buildCommand: 'npx @11ty/eleventy', outputDir: '_site' }),
  },
  {
    name: 'nativescript',
    matches: (info) => has(info, '@nativescript/core'),
    detect: (info) => ({ name: 'nativescript', startCommand: script(info, 'dev', 'npx nativescript preview') }),
  },
  {
    name: 'expo',
    matches: (info) => has(info, 'expo'),
    detect: (info) => ({
      name: 'expo',
      startCommand: script(info, 'dev', 'npx expo start'),
      buildCommand: 'npx expo export --platform web',
      outputDir: 'dist',
    }),
  },
];

/** Parse package.json text or an already-parsed value; null for anything that is not an object. */
function readPackageInfo(packageJson: unknown): PackageInfo | null {
  let value = packageJson;
  if (typeof value === 'string') {
    try {
      value = JSON.parse(value);
    } catch {
      return null;
    }
  }
  const parsed = packageJsonSchema.safeParse(value);
  if (!parsed.success) {
    return null;
  }
  return {
    dependencies: { ...parsed.data.devDependencies, ...parsed.data.dependencies },
    scripts: parsed.data.scripts ?? {},
  };
}

/**
 * The framework a package.json (text or parsed) uses, with its start/build commands; falls back to
 * the `dev` script, then the `start` script. Null when nothing can be started or the input is invalid.
 */
export function detectFramework(packageJson: unknown): DetectedFramework | null {
  const info = readPackageInfo(packageJson);
  if (!info) {
    return null;
  }
  const rule = RULES.find((candidate) => candidate.matches(info));
  if (rule) {
    return rule.detect(info);
  }
  if (info.scripts.dev) {
    return { name: 'dev-script', startCommand: 'npm run dev', ...(info.scripts.build ? { buildCommand: 'npm run build' } : {}) };
  }
  if (info.scripts.start) {
    return { name: 'start-script', startCommand: 'npm start', ...(info.scripts.build ? { buildCommand: 'npm run build' } : {}) };
  }
  return null;
}
