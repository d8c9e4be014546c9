import { expect, test, type Browser, type Page } from '@playwright/test';
import { CHANGE_GREETING_PROMPT, CHANGED_GREETING_TEXT, NODE_SERVER_PROMPT, NODE_SERVER_TEXT } from './scripts';

const PASSWORD = 'correct-horse-battery-42';

async function signUp(browser: Browser, name: string): Promise<Page> {
  const context = await browser.newContext();
  const page = await context.newPage();
  const stamp = `${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}`;
  await page.goto('/sign-up');
  await page.getByTestId('auth-email').fill(`${name}-${stamp}@example.com`);
  await page.getByTestId('auth-username').fill(`${name}-${stamp}`);
  await page.getByTestId('auth-password').fill(PASSWORD);
  await page.getByTestId('auth-submit').click();
  await page.waitForURL((url) => url.pathname === '/');
  return page;
}

function preview(page: Page) {
  return page.frameLocator('[data-testid="preview-iframe"]');
}

function fileInTree(page: Page, path: string) {
  return page.locator(`[data-testid="file-tree-item"][data-path="${path}"]`);
}

/** The workbench switches to the preview when a server becomes ready: wait for that before looking at code. */
async function expectPreviewShows(page: Page, text: string): Promise<void> {
  await page.getByTestId('workbench-tab-preview').click();
  await expect(preview(page).getByRole('heading', { name: text })).toBeVisible({ timeout: 60_000 });
}

async function expectEditorShows(page: Page, path: string, text: string): Promise<void> {
  await page.getByTestId('workbench-tab-code').click();
  await fileInTree(page, path).click();
  await expect(page.getByTestId('editor')).toContainText(text);
}

async function send(page: Page, text: string): Promise<void> {
  await page.getByTestId('chat-input').fill(text);
  await page.getByTestId('chat-send').click();
}

test('accounts own private projects; public ones can be read and forked; snapshots restore older files', async ({ browser }) => {
  test.setTimeout(240_000);
  const owner = await signUp(browser, 'owner');
  await send(owner, NODE_SERVER_PROMPT);
  await owner.waitForURL(/\/~\/[^?]+$/);
  const projectPath = new URL(owner.url()).pathname;
  await expect(preview(owner).getByRole('heading', { name: NODE_SERVER_TEXT })).toBeVisible({ timeout: 60_000 });
  await expect(owner.getByTestId('save-indicator')).toHaveAttribute('data-status', 'saved', { timeout: 20_000 });
  const firstAnswer = owner.locator('[data-testid="message"][data-role="assistant"]').first();
  const firstAnswerId = await firstAnswer.getAttribute('data-message-id');
  expect(firstAnswerId).toBeTruthy();
  // The restore point of the first answer exists before anything else happens.
  await expect(firstAnswer.getByTestId('restore-snapshot')).toBeVisible();

  await owner.reload();
  await expect(owner.getByTestId('message').filter({ hasText: NODE_SERVER_PROMPT })).toBeVisible();
  await expectPreviewShows(owner, NODE_SERVER_TEXT);
  await owner.getByTestId('workbench-tab-code').click();
  await expect(fileInTree(owner, 'server.js')).toBeVisible();
  await expect(owner.getByTestId('visibility-toggle')).toHaveText('Private');

  // Private: another account cannot tell it exists.
  const reader = await signUp(browser, 'reader');
  await reader.goto(projectPath);
  await expect(reader.getByTestId('project-not-found')).toBeVisible();

  await owner.getByTestId('visibility-toggle').click();
  await expect(owner.getByTestId('visibility-toggle')).toHaveText('Public');

  // Public: readable, not changeable, and forkable into the reader's own project.
  await reader.reload();
  await expect(reader.getByTestId('project-page')).toBeVisible();
  await expect(reader.getByTestId('public-badge')).toBeVisible();
  await expect(reader.getByTestId('visibility-toggle')).toHaveCount(0);
  await expect(reader.getByTestId('chat-input')).toBeDisabled();
  await expect(reader.getByTestId('message').filter({ hasText: NODE_SERVER_PROMPT })).toBeVisible();
  await expectPreviewShows(reader, NODE_SERVER_TEXT);
  await reader.getByTestId('workbench-tab-code').click();
  await expect(fileInTree(reader, 'server.js')).toBeVisible();
  await reader.getByTestId('fork-project').click();
  await reader.waitForURL((url) => url.pathname.startsWith('/~/') && url.pathname !== projectPath);
  await expect(reader.getByTestId('visibility-toggle')).toHaveText('Private');
  await expectPreviewShows(reader, NODE_SERVER_TEXT);
  await expectEditorShows(reader, 'server.js', NODE_SERVER_TEXT);
  await reader.context().close();

  // A second answer changes the page; restoring the first answer's snapshot brings the old page back.
  await send(owner, CHANGE_GREETING_PROMPT);
  await expectPreviewShows(owner, CHANGED_GREETING_TEXT);
  await expectEditorShows(owner, 'server.js', CHANGED_GREETING_TEXT);
  await expect(owner.getByTestId('save-indicator')).toHaveAttribute('data-status', 'saved', { timeout: 20_000 });

  const restore = owner.locator(`[data-testid="restore-snapshot"][data-message-id="${firstAnswerId}"]`);
  await restore.click();
  await owner.getByTestId('restore-snapshot-confirm').click();
  await expect(owner.getByTestId('editor')).toContainText(NODE_SERVER_TEXT);
  await expect(owner.getByTestId('editor')).not.toContainText(CHANGED_GREETING_TEXT);
  await expectPreviewShows(owner, NODE_SERVER_TEXT);

  // The restore became the saved project: a reload shows the older file.
  await expect(owner.getByTestId('save-indicator')).toHaveAttribute('data-status', 'saved', { timeout: 20_000 });
  await owner.reload();
  await expect(owner.getByTestId('message').filter({ hasText: CHANGE_GREETING_PROMPT })).toBeVisible();
  await expectPreviewShows(owner, NODE_SERVER_TEXT);
  await expectEditorShows(owner, 'server.js', NODE_SERVER_TEXT);
  await owner.context().close();
});

test('a guest cannot make a project public and is told why', async ({ browser }) => {
  const context = await browser.newContext();
  const guest = await context.newPage();
  await guest.goto('/');
  await send(guest, 'e2e: a guest says hello');
  await guest.waitForURL(/\/~\/[^?]+$/);
  const toggle = guest.getByTestId('visibility-toggle');
  await expect(toggle).toHaveText('Private');
  await toggle.click();
  await expect(guest.getByTestId('toast')).toContainText('Sign in to make a project public');
  await expect(toggle).toHaveText('Private');
  await expect(toggle).toBeEnabled();
  await context.close();
});
