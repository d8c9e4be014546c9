/**
 * Visual check of the save conflict dialog: another save lands first, our next save gets 409, the
 * dialog names the last editor, Overwrite saves ours. Not a test; saves tests/visual/out/chat-conflict.png.
 * Needs a built Kiln at KILN_URL (default http://localhost:3199) whose OPENAI_BASE_URL points at the mock
 * model server at MOCK_LLM_URL (default http://127.0.0.1:4197): node --import tsx tests/support/mock-llm.ts --port 4197
 */
import { chromium } from 'playwright-core';

const base = process.env.KILN_URL ?? 'http://localhost:3199';
const mock = process.env.MOCK_LLM_URL ?? 'http://127.0.0.1:4197';
const file = (path: string, content: string) => `<boltAction type="file" filePath="${path}">${content}</boltAction>`;
await fetch(`${mock}/__mock/script`, {
  method: 'PUT',
  body: JSON.stringify({
    replies: [
      { match: 'change title', text: `Renamed.\n<boltArtifact id="t2" title="Title">${file('index.html', '<h1>Changed</h1>')}</boltArtifact>` },
      {
        text: `A page and a server.\n<boltArtifact id="t1" title="Hello">${file('package.json', '{"scripts":{"start":"node server.js"}}')}${file(
          'index.html',
          '<h1>Hello</h1>',
        )}${file('server.js', "require('node:http').createServer((q, s) => s.end(require('node:fs').readFileSync('index.html'))).listen(process.env.PORT || 3000)")}<boltAction type="start">node server.js</boltAction></boltArtifact>`,
      },
    ],
  }),
});
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage', '--no-first-run'] });
const page = await browser.newPage({ viewport: { width: 1440, height: 900 } });
page.on('pageerror', (e) => console.info('pageerror', e.message));
await page.goto(base);
await page.getByTestId('example-prompt').nth(1).click();
await page.getByTestId('chat-send').click();
await page.waitForURL(/\/~\/[^?]+$/);
await page.locator('[data-testid="action-row"][data-type="start"][data-status="running"]').waitFor({ timeout: 60_000 });
await page.locator('[data-testid="save-indicator"][data-status="saved"]').waitFor({ timeout: 20_000 });
const slug = new URL(page.url()).pathname.split('/').pop();
const status = await page.evaluate(async (slug) => (await fetch(`/api/projects/${slug}`, { method: 'PATCH', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ project: { appFiles: { 'other.txt': { contents: 'x' } } } }) })).status, slug);
console.info('forced patch', status);
await page.getByTestId('chat-input').fill('change title');
await page.getByTestId('chat-input').press('Enter');
await page.getByTestId('save-conflict-dialog').waitFor({ timeout: 20_000 });
await page.screenshot({ path: new URL('./out/chat-conflict.png', import.meta.url).pathname });
await page.getByTestId('conflict-overwrite').click();
await page.locator('[data-testid="save-indicator"][data-status="saved"]').waitFor({ timeout: 20_000 });
console.info('overwritten and saved');
await browser.close();
