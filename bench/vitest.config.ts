/**
 * The root config does not include bench/**; run the bench helpers' tests with
 * `npx vitest run --config bench/vitest.config.ts`.
 */
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';
import tsconfigPaths from 'vite-tsconfig-paths';

export default defineConfig({
  root: fileURLToPath(new URL('..', import.meta.url)),
  plugins: [tsconfigPaths()],
  test: {
    include: ['bench/**/*.test.ts'],
    environment: 'node',
    setupFiles: ['tests/setup/fail-on-console-error.ts'],
  },
});
