/**
 * Issue 2: Chromium (playwright-core) against both tiers started by scripts/start.mjs, with the scripted
 * model server: long tasks while a 300 KB answer streams, and preview-ready times cold and warm.
 */
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { chromium, type Browser } from 'playwright-core';
import { getErrorMessage } from '../../app/utils/errors';
import { NODE_SERVER_PROMPT, NODE_SERVER_TEXT, VITE_PROMPT, VITE_TEXT } from '../../tests/e2e/scripts';
import { startMockLlm, type MockLlm } from '../../tests/support/mock-llm';
import { withBuildPinned } from '../lib/pinned-build';
import { lessThan, round } from '../lib/stats';
import { type Bench, type BenchContext } from '../lib/types';
import { benchScript, generateLongAnswer } from './answers';
import { benchLongTasks, profileLongAnswer } from './long-tasks';
import { measurePreviewReady, type PreviewApp } from './preview-ready';
import { ensureBothTiersBuilt, startTiers, type KilnTiers } from './tiers';
import { chromiumArgs, chromiumPath } from '../../tests/support/chromium';


const NODE_APP: PreviewApp = { label: 'Node server app', prompt: NODE_SERVER_PROMPT, text: NODE_SERVER_TEXT, timeoutMs: 60_000 };
const VITE_APP: PreviewApp = { label: 'Vite + React app', prompt: VITE_PROMPT, text: VITE_TEXT, timeoutMs: 300_000 };

interface Run {
  browser: Browser;
  tiers: KilnTiers;
  llm: MockLlm;
  context: BenchContext;
  errors: string[];
}

async function attempt(run: Run, name: string, body: () => Promise<void>): Promise<void> {
  run.context.log(name);
  try {
    await body();
  } catch (error) {
    run.errors.push(`${name}: ${getErrorMessage(error)}`);
    run.context.log(`${name} failed: ${getErrorMessage(error)}`);
  }
}

async function previewPart(run: Run, app: PreviewApp, cache: 'cold' | 'warm'): Promise<void> {
  await attempt(run, `preview ready, ${app.label}, ${cache}`, async () => {
    const ms = round(await measurePreviewReady(run.browser, run.tiers, run.llm, app), 0);
    const target = app === NODE_APP ? lessThan(ms, 1000, 'ms') : cache === 'warm' ? lessThan(ms, 2000, 'ms') : {};
    run.context.metric({ name: `preview ready after model's last byte: ${app.label}, ${cache}`, value: ms, unit: 'ms', ...target });
  });
}

async function runBrowserBench(context: BenchContext): Promise<void> {
  if (!existsSync(chromiumPath)) throw new Error(`Chromium is not installed at ${chromiumPath}`);
  const longAnswer = generateLongAnswer();
  const llm = await startMockLlm(benchScript(longAnswer));
  const dataDir = mkdtempSync(path.join(tmpdir(), 'kiln-bench-browser-'));
  let browser: Browser | undefined;
  let tiers: KilnTiers | undefined;
  const errors: string[] = [];
  try {
    browser = await chromium.launch({ executablePath: chromiumPath, args: chromiumArgs });
    context.log('starting both tiers on a fresh DATA_DIR (empty npm cache)');
    tiers = await startTiers({ dataDir, llmUrl: llm.url });
    const cold: Run = { browser, tiers, llm, context, errors };
    await previewPart(cold, NODE_APP, 'cold');
    await previewPart(cold, VITE_APP, 'cold');
    await tiers.stop();
    context.log('restarting both tiers on the same DATA_DIR (warm npm cache)');
    tiers = await startTiers({ dataDir, llmUrl: llm.url });
    const warm: Run = { browser, tiers, llm, context, errors };
    await previewPart(warm, NODE_APP, 'warm');
    await previewPart(warm, VITE_APP, 'warm');
    await attempt(warm, 'long tasks', () => benchLongTasks(warm.browser, warm.tiers, llm, longAnswer.length, context));
    if (process.env.KILN_BENCH_PROFILE === '1') {
      await attempt(warm, 'long tasks, CPU profile', () => profileLongAnswer(warm.browser, warm.tiers, llm, context));
    }
    context.note(
      'preview ready: time from the mock model finishing the answer (RecordedRequest.done) to the preview iframe document containing the app text, polled every 20 ms from the bench; cold = fresh DATA_DIR (empty runner npm cache), warm = tiers restarted on the same DATA_DIR; each run in a new browser context (new guest, new project)',
    );
  } finally {
    await tiers?.stop();
    await browser?.close();
    await llm.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
  if (errors.length > 0) throw new Error(errors.join('; '));
}

export const browserBench: Bench = {
  name: 'browser',
  description: 'Chromium against both tiers: main-thread long tasks while streaming, preview-ready time cold and warm',
  run: (context) => withBuildPinned(ensureBothTiersBuilt, () => runBrowserBench(context)),
};
