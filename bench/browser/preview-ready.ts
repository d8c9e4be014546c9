/** Issue 2(b): from the model's last byte to the preview iframe showing the app's text. */
import { type Browser } from 'playwright-core';
import { type MockLlm } from '../../tests/support/mock-llm';
import { getErrorMessage } from '../../app/utils/errors';
import { describeActionRows, sendPromptFromHome, waitForModelAnswer, waitForPreviewText } from './page-driver';
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
    const answer = waitForModelAnswer(llm, app.prompt, since, 120_000);
    answer.catch(() => undefined); // reported below, after the preview wait
    let readyAt: number;
    try {
      readyAt = await waitForPreviewText(page, app.text, app.timeoutMs);
    } catch (error) {
      const request = llm.requests.slice(since).find((candidate) => candidate.lastUserMessage.includes(app.prompt));
      const model = request ? `the model was asked${request.closedEarly ? ' but the stream was closed early' : ''}` : 'the model was never asked';
      throw new Error(`${getErrorMessage(error)}; ${model}; ${await describeActionRows(page)}`);
    }
    return readyAt - (await answer).lastByteAt;
  } finally {
    await browserContext.close();
  }
}
