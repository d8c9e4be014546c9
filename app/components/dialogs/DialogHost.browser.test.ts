import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { chromium, type Browser, type Page } from '@playwright/test';
import { chromiumArgs, chromiumPath } from '../../../tests/support/chromium';
import { build } from 'esbuild';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';

/* Real Chromium, as in the e2e suite (playwright.config.ts). */

let browser: Browser;
let page: Page;
let html: string;

beforeAll(async () => {
  const outdir = await mkdtemp(join(tmpdir(), 'kiln-dialogs-'));
  await build({
    entryPoints: [resolve(__dirname, 'browser-harness.tsx')],
    bundle: true,
    outdir,
    format: 'iife',
    jsx: 'automatic',
    loader: { '.module.css': 'local-css' },
    alias: { '~': resolve(__dirname, '../..') },
    define: { 'process.env.NODE_ENV': '"production"' },
    logLevel: 'silent',
  });
  const [script, css] = await Promise.all([
    readFile(join(outdir, 'browser-harness.js'), 'utf8'),
    readFile(join(outdir, 'browser-harness.css'), 'utf8'),
  ]);
  await rm(outdir, { recursive: true, force: true });
  html = `<!doctype html><html><head><style>${css}</style></head><body>
    <button id="opener">Open</button><div id="root"></div><script>${script}</script></body></html>`;
  browser = await chromium.launch({ executablePath: chromiumPath, args: chromiumArgs });
});

afterEach(async () => {
  await page?.close();
});

afterAll(async () => {
  await browser?.close();
});

beforeEach(async () => {
  page = await browser.newPage();
  // about:blank has no storage; a data URL neither, so serve the harness from a routed http origin.
  await page.route('http://kiln.test/', (route) => route.fulfill({ contentType: 'text/html', body: html }));
  await page.goto('http://kiln.test/');
  await page.evaluate(() => {
    const test = (window as unknown as { kilnTest: { mount(el: HTMLElement): void } }).kilnTest;
    test.mount(document.getElementById('root')!);
    document.getElementById('opener')!.focus();
  });
});

type Harness = { openDialog(dialog: unknown): boolean; currentDialogType(): string | null };
const open = (dialog: unknown) =>
  page.evaluate((d) => (window as unknown as { kilnTest: Harness }).kilnTest.openDialog(d), dialog);
const currentType = () => page.evaluate(() => (window as unknown as { kilnTest: Harness }).kilnTest.currentDialogType());
const focusedText = () => page.evaluate(() => document.activeElement?.textContent ?? null);

describe('DialogHost in Chromium', () => {
  it('moves focus into the dialog, keeps Tab inside it, and closes on Escape with focus restored', async () => {
    await open({ type: 'fatal-error', variant: 'startup-timeout', sandboxKind: 'runner', message: 'timed out' });
    const dialog = page.getByRole('dialog', { name: 'The sandbox took too long to start' });
    await dialog.waitFor();

    expect(await focusedText()).toBe('Reload page');
    await page.keyboard.press('Tab');
    expect(await focusedText()).toBe('Technical details');
    await page.keyboard.press('Shift+Tab');
    expect(await focusedText()).toBe('Reload page');

    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'detached' });
    expect(await currentType()).toBeNull();
    expect(await focusedText()).toBe('Open');
  });

  it('shows the next queued dialog after one closes, and remembers the Safari warning dismissal', async () => {
    await open({ type: 'fatal-error', variant: 'out-of-memory', sandboxKind: 'webcontainer' });
    await open({ type: 'experimental-browser' });

    await page.getByRole('button', { name: 'Close' }).click();
    await page.getByRole('dialog', { name: 'Safari support is experimental' }).waitFor();
    await page.getByRole('button', { name: 'Got it' }).click();

    expect(await currentType()).toBeNull();
    expect(await page.evaluate(() => localStorage.getItem('kiln:experimental-browser-dismissed'))).toBe('true');
  });
});
