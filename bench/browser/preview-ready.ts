/** Issue 2(b): from the model's last byte to the preview iframe showing the app's text. */
import { type Browser } from 'playwright-core';
import { type MockLlm } from '../../tests/support/mock-llm';
import { sendPromptFromHome, waitForModelAnswer, waitForPreviewText } from './page-driver';
import { type KilnTiers } from './tiers';

export interface PreviewApp {
  label: string;
  prompt: string;
  /** Text the app's page shows once it runs. */
  text: string;
  timeoutMs: number;
}

/** Milliseconds from the model's last byte to the text in the preview (negative: ready before the answer ended). */
export async function measurePreviewReady(browser: Browser, tiers: KilnTiers, llm: MockLlm, app: PreviewApp): Promise<number> {
  const browserContext = await browser.newContext();
  try {
    const page = await browserContext.newPage();
    const since = llm.requests.length;
    await sendPromptFromHome(page, tiers.url, app.prompt);
    // Both clocks are the bench's performance.now(); poll the preview while the answer is still streaming.
    const [answer, readyAt] = await Promise.all([
      waitForModelAnswer(llm, app.prompt, since, 120_000),
      waitForPreviewText(page, app.text, app.timeoutMs),
    ]);
    return readyAt - answer.lastByteAt;
  } finally {
    await browserContext.close();
  }
}
