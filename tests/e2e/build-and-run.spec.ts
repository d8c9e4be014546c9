import { expect, test, type Page } from '@playwright/test';
import {
  FAILING_OUTPUT,
  FAILING_PROMPT,
  NODE_SERVER_PROMPT,
  NODE_SERVER_TEXT,
  VITE_PROMPT,
  VITE_TEXT,
} from './scripts';

async function startProject(page: Page, prompt: string): Promise<void> {
  await page.goto('/');
  await page.getByTestId('chat-input').fill(prompt);
  await page.getByTestId('chat-send').click();
  await page.waitForURL(/\/~\/[^?]+$/);
}

function actionRows(page: Page) {
  return page.getByTestId('artifact-card').getByTestId('action-row');
}

test('a prompt writes a Node server, runs it, shows it; reload restores chat and files', async ({ page }) => {
  await startProject(page, NODE_SERVER_PROMPT);
  expect(new URL(page.url()).search).toBe('');

  const rows = actionRows(page);
  const fileRows = rows.and(page.locator('[data-type="file"]'));
  await expect(fileRows).toHaveCount(2);
  await expect(fileRows.nth(0)).toHaveAttribute('data-status', 'complete', { timeout: 30_000 });
  await expect(fileRows.nth(1)).toHaveAttribute('data-status', 'complete');
  const echoRow = rows.filter({ hasText: 'files are ready' });
  await expect(echoRow).toHaveAttribute('data-status', 'complete', { timeout: 30_000 });
  // The start action keeps running: it is a long-lived server.
  const startRow = rows.and(page.locator('[data-type="start"]'));
  await expect(startRow).toHaveAttribute('data-status', /running|complete/);

  const preview = page.frameLocator('[data-testid="preview-iframe"]');
  await expect(preview.getByRole('heading', { name: NODE_SERVER_TEXT })).toBeVisible({ timeout: 30_000 });

  await page.getByTestId('workbench-tab-code').click();
  await expect(page.locator('[data-testid="file-tree-item"][data-path="server.js"]')).toBeVisible();
  await page.locator('[data-testid="file-tree-item"][data-path="server.js"]').click();
  await expect(page.getByTestId('editor')).toContainText('createServer');
  await page.getByTestId('terminal-toggle').click();
  await expect(page.getByTestId('terminal').locator('.xterm-rows')).toContainText('files are ready');

  await expect(page.getByTestId('save-indicator')).toHaveAttribute('data-status', 'saved', { timeout: 15_000 });
  await page.reload();
  await expect(page.getByTestId('message').filter({ hasText: NODE_SERVER_PROMPT })).toBeVisible();
  await expect(page.getByTestId('artifact-card')).toContainText('Hello server');
  await page.getByTestId('workbench-tab-code').click();
  await expect(page.locator('[data-testid="file-tree-item"][data-path="server.js"]')).toBeVisible();
  // Reopening runs the start step again (no replay of other commands) and the preview comes back.
  await page.getByTestId('workbench-tab-preview').click();
  await expect(preview.getByRole('heading', { name: NODE_SERVER_TEXT })).toBeVisible({ timeout: 30_000 });
});

test('a failing shell command shows as failed with its output', async ({ page }) => {
  await startProject(page, FAILING_PROMPT);
  const row = actionRows(page).first();
  await expect(row).toHaveAttribute('data-status', 'failed', { timeout: 30_000 });
  await row.click();
  await expect(page.getByTestId('artifact-card')).toContainText(FAILING_OUTPUT);
});

test('a Vite + React app installs from the registry, previews, and hot-updates on edit', async ({ page }) => {
  test.setTimeout(300_000);
  await startProject(page, VITE_PROMPT);
  const preview = page.frameLocator('[data-testid="preview-iframe"]');
  await expect(preview.getByRole('heading', { name: VITE_TEXT })).toBeVisible({ timeout: 240_000 });

  await page.getByTestId('workbench-tab-code').click();
  const appFile = page.locator('[data-testid="file-tree-item"][data-path="src/App.jsx"]');
  if (!(await appFile.isVisible())) {
    await page.locator('[data-testid="file-tree-item"][data-path="src"]').click();
  }
  await appFile.click();
  const editor = page.getByTestId('editor').locator('.cm-content');
  await expect(editor).toContainText(VITE_TEXT);
  await editor.click();
  await page.keyboard.press('ControlOrMeta+a');
  await page.keyboard.insertText(
    "export default function App() { return <main><h1>Edited through HMR</h1></main>; }\n",
  );
  await page.keyboard.press('ControlOrMeta+s');
  await page.getByTestId('workbench-tab-preview').click();
  await expect(preview.getByRole('heading', { name: 'Edited through HMR' })).toBeVisible({ timeout: 30_000 });
});
