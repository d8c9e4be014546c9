import { defineConfig } from 'drizzle-kit';

/** `npx drizzle-kit generate` writes SQL migrations into drizzle/; the app applies them on first use. */
export default defineConfig({
  dialect: 'postgresql',
  schema: './app/lib/.server/db/schema.ts',
  out: './drizzle',
});
