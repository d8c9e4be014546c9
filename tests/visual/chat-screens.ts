/**
 * Visual check of the home page and a project page, light and dark. Not a test: it saves PNGs to
 * tests/visual/out/ for a person to look at.
 * Usage: npx tsx tests/visual/chat-screens.ts [baseUrl]   (a built Kiln must be running there)
 */
import { mkdirSync } from 'node:fs';
import { chromium, type Page } from 'playwright-core';

const base = process.argv[2] ?? 'http://localhost:3199';
const out = new URL('./out/', import.meta.url).pathname;
mkdirSync(out, { recursive: true });

const savedAnswer = [
  "I'll build a small todo app with React and Vite: add, complete and filter tasks, saved in `localStorage`.\n\n",
  '<boltArtifact id="todo-app" title="Todo app with filters">',
  '<boltAction type="file" filePath="package.json">{"name":"todo","scripts":{"dev":"vite"},"devDependencies":{"vite":"^6"}}</boltAction>',
  '<boltAction type="file" filePath="index.html"><!doctype html><div id="root"></div></boltAction>',
  '<boltAction type="file" filePath="src/App.tsx">export default function App() { return null; }</boltAction>',
  '<boltAction type="shell">npm install</boltAction>',
  '<boltAction type="start">npm run dev</boltAction>',
  '</boltArtifact>\n\n',
  'The app is running in the preview. Try adding a few tasks, then use **All / Active / Done** to filter them.',
].join('');

async function shoot(page: Page, name: string) {
  await page.waitForTimeout(300);
  await page.screenshot({ path: `${out}chat-${name}.png` });
  console.info(`saved chat-${name}.png`);
}

const browser = await chromium.launch({
  executablePath: '/usr/bin/chromium',
  args: ['--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--disable-quic', '--no-first-run'],
});

try {
  for (const colorScheme of ['light', 'dark'] as const) {
    const context = await browser.newContext({ viewport: { width: 1440, height: 900 }, colorScheme });
    const page = await context.newPage();
    const errors: string[] = [];
    page.on('pageerror', (error) => errors.push(error.message));
    page.on('console', (message) => message.type() === 'error' && errors.push(message.text()));

    await page.goto(base, { waitUntil: 'networkidle' });
    await shoot(page, `home-${colorScheme}`);

    await page.getByTestId('example-prompt').first().click();
    await page.getByTestId('chat-send').click();
    await page.waitForURL(/\/~\/[^?]+$/);
    await page.getByTestId('project-page').waitFor();
    await page.locator('[data-testid="message"][data-role="assistant"]').first().waitFor({ timeout: 40_000 });
    await shoot(page, `project-new-${colorScheme}`);

    // A project with a saved answer: the artifact card as it looks after a reload.
    const slug = new URL(page.url()).pathname.split('/').pop() ?? '';
    await page.evaluate(
      async ({ slug, savedAnswer }) => {
        await fetch(`/api/projects/${slug}/messages`, {
          method: 'POST',
          headers: { 'Content-Type': 'application/json' },
          body: JSON.stringify({ messages: [{ id: `a${Date.now()}`, role: 'assistant', content: savedAnswer }] }),
        });
      },
      { slug, savedAnswer },
    );
    await page.reload({ waitUntil: 'networkidle' });
    await page.getByTestId('artifact-card').waitFor();
    await shoot(page, `project-saved-${colorScheme}`);
    await page.getByTestId('action-row').nth(3).locator('button').click();
    await page.getByTestId('save-indicator').waitFor();
    await shoot(page, `project-action-${colorScheme}`);

    if (errors.length > 0) {
      console.info(`[${colorScheme}] page errors:\n  ${errors.join('\n  ')}`);
    }
    await context.close();
  }

  const context = await browser.newContext({ viewport: { width: 1440, height: 900 } });
  const page = await context.newPage();
  const missing = await page.goto(`${base}/~/does-not-exist`);
  console.info(`missing project status: ${missing?.status()}`);
  await shoot(page, 'not-found');
  await context.close();
} finally {
  await browser.close();
}
