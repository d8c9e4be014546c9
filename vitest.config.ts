import { defineConfig } from 'vitest/config';
import tsconfigPaths from 'vite-tsconfig-paths';

export default defineConfig({
  plugins: [tsconfigPaths()],
  test: {
    include: ['app/**/*.test.ts', 'app/**/*.test.tsx', 'runner/**/*.test.ts', 'protocol/**/*.test.ts', 'tests/integration/**/*.test.ts', 'tests/support/**/*.test.ts', 'bench/**/*.test.ts'],
    environment: 'node',
    testTimeout: 30_000,
    hookTimeout: 60_000,
    setupFiles: ['tests/setup/fail-on-console-error.ts'],
    pool: 'forks',
  },
});
