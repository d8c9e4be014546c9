// Throwaway visual check: renders /dev/workbench in Chromium and saves screenshots.
// Usage: node tests/visual/workbench-screens.mjs [baseUrl] (dev server must be running).
import { chromium } from 'playwright-core';
import { mkdirSync } from 'node:fs';

const base = process.argv[2] ?? 'http://127.0.0.1:5199';
const out = new URL('./out/', import.meta.url).pathname;
mkdirSync(out, { recursive: true });

const browser = await chromium.launch({
  executablePath: '/usr/bin/chromium',
  args: ['--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--disable-quic', '--no-first-run'],
});

const shots = [
  ['code-light', 'view=code&terminal=1', 'light'],
  ['code-dark', 'view=code&terminal=1', 'dark'],
  ['streaming-light', 'view=code&stream=1', 'light'],
  ['preview-ready-light', 'view=preview&ports=5173,3000', 'light'],
  ['preview-idle-dark', 'view=preview&state=idle', 'dark'],
  ['preview-crashed-light', 'view=preview&state=crashed', 'light'],
  ['preview-starting-dark', 'view=preview&state=starting&terminal=1', 'dark'],
];

const only = process.env.ONLY;
for (const [name, query, colorScheme] of shots) {
  if (only && !name.includes(only)) continue;
  const page = await browser.newPage({ viewport: { width: 1440, height: 900 }, colorScheme });
  const errors = [];
  page.on('pageerror', (error) => errors.push(error.message));
  page.on('console', (message) => message.type() === 'error' && errors.push(message.text()));
  await page.goto(`${base}/dev/workbench?${query}`, { waitUntil: 'networkidle' });
  await page.waitForSelector('[data-testid="file-tree"]', { state: 'attached' });
  if (query.includes('view=code')) await page.waitForSelector('.cm-editor');
  if (query.includes('terminal=1')) await page.waitForSelector('.xterm-rows');
  if (name.startsWith('code-light')) {
    await page.click('[data-testid="file-tree-item"][data-path="src/App.tsx"]');
    await page.click('.cm-line:nth-child(13)');
    await page.keyboard.press('End');
    await page.keyboard.type(' // edited');
  }
  if (name.startsWith('code-dark')) {
    await page.click('[data-testid="file-tree-item"][data-path="src/components/TodoList.tsx"]');
  }
  await page.waitForTimeout(name.startsWith('streaming') ? 900 : 400);
  await page.screenshot({ path: `${out}${name}.png` });
  console.log(name, errors.length ? `errors: ${errors.join(' | ')}` : 'ok');
  await page.close();
}
await browser.close();
