/**
 * Optional diagnosis for the long-task figure (KILN_BENCH_PROFILE=1): a second pass of the same answer
 * under the CDP sampling profiler, listing the functions with the most self time. Kept out of the measured
 * pass because profiling slows the page down.
 */
import { type Page } from 'playwright-core';
import { z } from 'zod';

const profileSchema = z.object({
  profile: z.object({
    nodes: z.array(
      z.object({
        id: z.number(),
        callFrame: z.object({ functionName: z.string(), url: z.string(), lineNumber: z.number(), columnNumber: z.number() }),
      }),
    ),
    samples: z.array(z.number()).default([]),
    timeDeltas: z.array(z.number()).default([]),
  }),
});

export interface HotFunction {
  selfMs: number;
  name: string;
  location: string;
  /** The minified source where the function starts, so a reader can find it in the code. */
  excerpt: string;
}

/** Profiles the page's main thread while `body` runs. */
export async function profileMainThread(page: Page, body: () => Promise<void>, top = 6): Promise<HotFunction[]> {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Profiler.enable');
  await cdp.send('Profiler.setSamplingInterval', { interval: 1000 });
  await cdp.send('Profiler.start');
  let bodyError: unknown;
  try {
    await body();
  } catch (error) {
    bodyError = error;
  }
  const { profile: result } = profileSchema.parse(await cdp.send('Profiler.stop'));
  await cdp.detach().catch(() => undefined);
  if (bodyError !== undefined) throw bodyError;
  const selfByNode = new Map<number, number>();
  result.samples.forEach((id, index) => selfByNode.set(id, (selfByNode.get(id) ?? 0) + (result.timeDeltas[index] ?? 0)));
  const byFunction = new Map<string, { selfUs: number; frame: (typeof result.nodes)[number]['callFrame'] }>();
  for (const node of result.nodes) {
    if (!node.callFrame.url) continue; // (idle), (program), (garbage collector)
    const key = `${node.callFrame.url}:${node.callFrame.lineNumber}:${node.callFrame.columnNumber}`;
    const entry = byFunction.get(key) ?? { selfUs: 0, frame: node.callFrame };
    entry.selfUs += selfByNode.get(node.id) ?? 0;
    byFunction.set(key, entry);
  }
  const hottest = [...byFunction.values()].sort((a, b) => b.selfUs - a.selfUs).slice(0, top);
  const sources = new Map<string, string[]>();
  const hot: HotFunction[] = [];
  for (const { selfUs, frame } of hottest) {
    if (!sources.has(frame.url)) {
      sources.set(frame.url, (await fetch(frame.url).then((response) => response.text()).catch(() => '')).split('\n'));
    }
    const line = sources.get(frame.url)?.[frame.lineNumber] ?? '';
    hot.push({
      selfMs: Math.round(selfUs / 1000),
      name: frame.functionName || '(anonymous)',
      location: `${new URL(frame.url).pathname}:${frame.lineNumber + 1}:${frame.columnNumber + 1}`,
      excerpt: line.slice(frame.columnNumber, frame.columnNumber + 160),
    });
  }
  return hot;
}
