/** Driving Kiln's UI the way a person does, with the data-testids the UI promises. */
import { type Locator, type Page } from 'playwright-core';
import { type MockLlm, type RecordedRequest } from '../../tests/support/mock-llm';

const SEND_TIMEOUT_MS = 30_000;

/** Home page → prompt → send. Fails with a clear message when the UI is not there yet. */
export async function sendPromptFromHome(page: Page, baseUrl: string, prompt: string, beforeSend?: () => Promise<void>): Promise<void> {
  await page.goto(baseUrl);
  const input = page.getByTestId('chat-input');
  try {
    await input.waitFor({ state: 'visible', timeout: SEND_TIMEOUT_MS });
  } catch {
    throw new Error(`The home page has no [data-testid="chat-input"] after ${SEND_TIMEOUT_MS / 1000} s: the chat UI is not working end to end yet`);
  }
  const send = page.getByTestId('chat-send');
  // Text typed before React hydrates is lost (the button stays disabled): type again until it is enabled.
  for (let attempt = 0; ; attempt++) {
    await input.fill(prompt);
    if (await waitUntilEnabled(send, 5000)) break;
    if (attempt === 3) {
      throw new Error('[data-testid="chat-send"] stays disabled after typing a prompt into [data-testid="chat-input"]');
    }
    await input.fill('');
  }
  await beforeSend?.();
  await send.click();
}

async function waitUntilEnabled(locator: Locator, timeoutMs: number): Promise<boolean> {
  const deadline = performance.now() + timeoutMs;
  while (performance.now() < deadline) {
    if (await locator.isEnabled().catch(() => false)) return true;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return false;
}

/** What the page shows of the answer's actions, for failure messages. */
export async function describeActionRows(page: Page): Promise<string> {
  const statuses = await page
    .locator('[data-testid="action-row"]')
    .evaluateAll((rows) => rows.map((row) => row.getAttribute('data-status') ?? '?'))
    .catch(() => []);
  return statuses.length ? `action rows: ${statuses.join(', ')}` : 'no action rows on the page';
}

/**
 * The first model request for `prompt` from index `since` of the mock's log, and the bench-clock time
 * (performance.now()) of its last byte, recorded as soon as the mock's `done` settles.
 */
export async function waitForModelAnswer(
  llm: MockLlm,
  prompt: string,
  since: number,
  timeoutMs = 60_000,
): Promise<{ request: RecordedRequest; lastByteAt: number }> {
  const deadline = performance.now() + timeoutMs;
  let request: RecordedRequest | undefined;
  while (!request) {
    request = llm.requests.slice(since).find((candidate) => candidate.lastUserMessage.includes(prompt));
    if (request) break;
    if (performance.now() > deadline) {
      throw new Error(`Kiln never asked the model about "${prompt}" within ${timeoutMs / 1000} s (did the chat send the prompt to /api/chat?)`);
    }
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
  let lastByteAt = 0;
  await Promise.race([
    request.done.then(() => (lastByteAt = performance.now())),
    new Promise((_, reject) => setTimeout(() => reject(new Error('The model answer did not finish in time')), Math.max(1, deadline - performance.now()))),
  ]);
  if (request.closedEarly) throw new Error(`Kiln closed the model stream for "${prompt}" before the answer ended`);
  return { request, lastByteAt };
}

/**
 * Polls the preview iframe's document every `intervalMs` until its text contains `text`, and returns
 * the bench-clock time it was first seen. The iframe is cross-origin, so this asks its frame directly.
 */
export async function waitForPreviewText(page: Page, text: string, timeoutMs: number, intervalMs = 20): Promise<number> {
  const deadline = performance.now() + timeoutMs;
  while (performance.now() < deadline) {
    const element = await page.$('[data-testid="preview-iframe"]');
    const frame = await element?.contentFrame();
    if (frame) {
      const found = await frame.evaluate((wanted) => document.body?.innerText.includes(wanted) ?? false, text).catch(() => false);
      if (found) return performance.now();
    }
    await new Promise((resolve) => setTimeout(resolve, intervalMs));
  }
  const hasIframe = (await page.$('[data-testid="preview-iframe"]')) !== null;
  throw new Error(`The preview did not show "${text}" within ${timeoutMs / 1000} s (${hasIframe ? 'the preview iframe is there' : 'no [data-testid="preview-iframe"] on the page'})`);
}
