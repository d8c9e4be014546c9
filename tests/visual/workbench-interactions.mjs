// Throwaway interaction check for /dev/workbench: terminal toggle, panel resize, tree keyboard, rename.
import { chromium } from 'playwright-core';
import { mkdirSync } from 'node:fs';

const base = process.argv[2] ?? 'http://127.0.0.1:5199';
const out = new URL('./out/', import.meta.url).pathname;
mkdirSync(out, { recursive: true });
const browser = await chromium.launch({
  executablePath: '/usr/bin/chromium',
  args: ['--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--disable-quic', '--no-first-run'],
});
const page = await browser.newPage({ viewport: { width: 1100, height: 760 } });
const errors = [];
page.on('pageerror', (error) => errors.push(error.message));
page.on('console', (message) => message.type() === 'error' && errors.push(message.text()));
await page.goto(`${base}/dev/workbench?view=code`, { waitUntil: 'networkidle' });
await page.waitForSelector('.cm-editor');

const check = (label, condition) => console.log(condition ? 'ok  ' : 'FAIL', label);

check('terminal hidden by default', !(await page.locator('[data-testid="terminal"]').isVisible()));
await page.click('[data-testid="terminal-toggle"]');
await page.waitForSelector('.xterm-rows');
check('terminal shown after toggle', await page.locator('[data-testid="terminal"]').isVisible());

const before = await page.locator('[data-testid="file-tree"]').boundingBox();
const handle = page.locator('[data-panel-resize-handle-id]').first();
const box = await handle.boundingBox();
await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
await page.mouse.down();
await page.mouse.move(box.x + 120, box.y + box.height / 2, { steps: 5 });
await page.mouse.up();
const after = await page.locator('[data-testid="file-tree"]').boundingBox();
check(`file tree resized (${Math.round(before.width)} → ${Math.round(after.width)})`, after.width > before.width + 60);

await page.locator('[data-testid="file-tree-item"][data-path="README.md"]').focus();
await page.keyboard.press('ArrowUp');
const focusedPath = await page.evaluate(() => document.activeElement?.getAttribute('data-path'));
check(`arrow up moves focus (${focusedPath})`, focusedPath === 'package.json');
await page.keyboard.press('Enter');
check('enter opens the file', (await page.locator('.cm-content').innerText()).includes('"name": "todo-app"'));

await page.keyboard.press('F2');
await page.keyboard.press('Control+a');
await page.keyboard.type('index.html');
await page.keyboard.press('Enter');
await page.waitForSelector('[role="alert"]');
check('rename onto an existing file is refused', (await page.locator('[role="alert"]').innerText()).includes("Rename: 'index.html' already exists"));
await page.screenshot({ path: `${out}rename-error.png` });
await page.keyboard.press('Control+a');
await page.keyboard.type('manifest.json');
await page.keyboard.press('Enter');
await page.waitForSelector('[data-path="manifest.json"]');
check('rename works and selection follows', (await page.locator('[aria-label="File path"]').innerText()).includes('manifest.json'));

await page.click('[data-testid="file-tree-item"][data-path="public/logo.png"]');
check('binary placeholder', await page.getByText('Binary file — not shown').isVisible());

await page.click('[data-testid="file-tree-item"][data-path="src"]');
check('folder collapses', (await page.locator('[data-path="src/App.tsx"]').count()) === 0);

await page.click('[data-testid="terminal"]');
await page.keyboard.type('ls');
await page.waitForTimeout(100);
check('typing reaches the shell writer', (await page.locator('.xterm-rows').innerText()).includes('ls'));

await page.click('[data-testid="workbench-tab-preview"]');
check('preview iframe shown', await page.locator('[data-testid="preview-iframe"]').isVisible());
await page.click('[data-testid="preview-reload"]');
check('iframe still there after reload', (await page.locator('[data-testid="preview-iframe"]').count()) === 1);
await page.screenshot({ path: `${out}narrow-preview.png` });
await page.click('[data-testid="workbench-tab-code"]');
await page.screenshot({ path: `${out}narrow-code.png` });

// Start on the preview (the default), then open the code view: the editor must lay out once shown.
await page.goto(`${base}/dev/workbench`, { waitUntil: 'networkidle' });
await page.click('[data-testid="workbench-tab-code"]');
await page.waitForSelector('.cm-line');
const gutterWidth = await page.locator('.cm-gutters').evaluate((element) => element.getBoundingClientRect().width);
check(`editor lays out after being hidden (gutter ${Math.round(gutterWidth)}px)`, gutterWidth > 20);
check('editor shows the default file', (await page.locator('.cm-content').innerText()).includes('# Todo app'));

console.log(errors.length ? `page errors: ${errors.join(' | ')}` : 'no page errors');
await browser.close();
