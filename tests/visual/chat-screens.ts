/**
 * Visual check of the home page and a project page, light and dark. Not a test: it saves PNGs to
 * tests/visual/out/ for a person to look at.
 * Usage: npx tsx tests/visual/chat-screens.ts [baseUrl]   (a built Kiln must be running there, with
 * OPENAI_BASE_URL pointing at the mock model server at MOCK_LLM_URL, default http://127.0.0.1:4197:
 *   node --import tsx tests/support/mock-llm.ts --port 4197)
 */
import { mkdirSync } from 'node:fs';
import { chromium, type Page } from 'playwright-core';

const base = process.argv[2] ?? 'http://localhost:3199';
const mock = process.env.MOCK_LLM_URL ?? 'http://127.0.0.1:4197';
const out = new URL('./out/', import.meta.url).pathname;

const todoAnswer = "I'll build a small todo page served by a zero-dependency Node server, then start it.\n\n<boltArtifact id=\"todo-app\" title=\"Todo app with filters\">\n<boltAction type=\"file\" filePath=\"package.json\">{\n  \"name\": \"todo-app\",\n  \"private\": true,\n  \"scripts\": { \"start\": \"node server.js\" }\n}\n</boltAction>\n<boltAction type=\"file\" filePath=\"index.html\"><!doctype html>\n<html lang=\"en\">\n<head><meta charset=\"utf-8\"><title>Todos</title>\n<style>body{font-family:system-ui;max-width:480px;margin:48px auto;padding:0 16px}li{padding:6px 0}</style></head>\n<body><h1>Todos</h1><form id=\"f\"><input id=\"t\" placeholder=\"What needs doing?\"><button>Add</button></form><ul id=\"l\"></ul>\n<script>\nconst l=document.getElementById('l');document.getElementById('f').onsubmit=e=>{e.preventDefault();const li=document.createElement('li');li.textContent=document.getElementById('t').value;l.append(li);};\n</script></body></html>\n</boltAction>\n<boltAction type=\"file\" filePath=\"server.js\">const http = require('node:http');\nconst fs = require('node:fs');\nconst port = Number(process.env.PORT) || 3000;\nhttp.createServer((req, res) => {\n  res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });\n  res.end(fs.readFileSync('index.html'));\n}).listen(port, () => console.log('listening on ' + port));\n</boltAction>\n<boltAction type=\"shell\">echo \"files: $(ls | tr '\\n' ' ')\"</boltAction>\n<boltAction type=\"start\">node server.js</boltAction>\n</boltArtifact>\n\nThe app is running in the preview. Add a few tasks to try it \u2014 **Enter** adds one.";

await fetch(`${mock}/__mock/script`, {
  method: 'PUT',
  body: JSON.stringify({
    replies: [
      { match: 'fail please', status: 500, errorMessage: 'The model server fell over' },
      { text: todoAnswer, chunkSize: 24, delayMs: 25 },
    ],
  }),
});
mkdirSync(out, { recursive: true });


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
    await page.getByTestId('artifact-card').waitFor({ timeout: 40_000 });
    await shoot(page, `project-streaming-${colorScheme}`);
    await page.locator('[data-testid="action-row"][data-type="start"][data-status="running"]').waitFor({ timeout: 60_000 });
    await page.getByTestId('save-indicator').and(page.locator('[data-status="saved"]')).waitFor({ timeout: 20_000 });
    await page.waitForTimeout(2_000);
    await shoot(page, `project-running-${colorScheme}`);

    // Reopen: files and chat come back, only the start step runs again.
    await page.reload({ waitUntil: 'networkidle' });
    await page.getByTestId('artifact-card').waitFor();
    await page.waitForTimeout(3_000);
    await shoot(page, `project-restored-${colorScheme}`);

    // An answer that fails shows the error in the chat.
    await page.getByTestId('chat-input').fill('fail please');
    await page.getByTestId('chat-input').press('Enter');
    await page.getByTestId('chat-error').waitFor({ timeout: 20_000 });
    await shoot(page, `project-error-${colorScheme}`);

    // The guest signs up; the project comes along; tokens can be created.
    await page.goto(`${base}/sign-up?redirectTo=/settings/tokens`);
    await shoot(page, `sign-up-${colorScheme}`);
    const name = `ada${Date.now().toString(36)}${colorScheme}`;
    await page.getByTestId('auth-email').fill(`${name}@example.com`);
    await page.getByTestId('auth-username').fill(name);
    await page.getByTestId('auth-password').fill('correct horse battery');
    await page.getByTestId('auth-submit').click();
    await page.waitForURL(/\/settings\/tokens$/);
    await page.getByTestId('token-name').fill('CI deploys');
    await page.getByTestId('create-token').click();
    await page.getByTestId('new-token').waitFor();
    await page.getByTestId('token-row').first().waitFor();
    await shoot(page, `tokens-${colorScheme}`);
    await page.goto(base, { waitUntil: 'networkidle' });
    await page.getByTestId('recent-project').first().waitFor();
    await page.getByTestId('user-menu').click();
    await shoot(page, `home-signed-in-${colorScheme}`);

    if (errors.length > 0) {
      console.info(`[${colorScheme}] page errors:\n  ${errors.join('\n  ')}`);
    }
    await context.close();
  }

  const context = await browser.newContext({ viewport: { width: 1440, height: 900 } });
  const page = await context.newPage();
  await page.goto(`${base}/sign-in`);
  await page.getByTestId('auth-email').fill('nobody@example.com');
  await page.getByTestId('auth-password').fill('wrong password');
  await page.getByTestId('auth-submit').click();
  await page.getByTestId('auth-error').waitFor();
  await shoot(page, 'sign-in-error');
  const missing = await page.goto(`${base}/~/does-not-exist`);
  console.info(`missing project status: ${missing?.status()}`);
  await shoot(page, 'not-found');
  await context.close();
} finally {
  await browser.close();
}
