/** The scripted model answers the browser bench sends, on top of the e2e answers it reuses. */
import { e2eScript } from '../../tests/e2e/scripts';
import { type MockReply, type MockScript } from '../../tests/support/mock-llm';
import { createRandom, generateSource } from '../lib/random';

export const LONG_ANSWER_PROMPT = 'bench: stream a 300 KB answer';
export const LONG_ANSWER_FILE_COUNT = 6;

const PARAGRAPHS = [
  'This dashboard keeps its data in a small store, so the charts and the table always agree.',
  'Each widget reads only the slice it needs; a change to one filter re-renders one panel, not the page.',
  'The data layer below is large on purpose: it seeds realistic sample records for every chart.',
  '- **Filters**: by team, by week, by status\n- **Charts**: burndown, throughput, cycle time\n- **Table**: sortable, 500 rows',
  '```ts\nconst total = rows.reduce((sum, row) => sum + row.points, 0);\n```',
];

/** About 300 KB: prose (with lists and code blocks) around an artifact of several large file actions. */
export function generateLongAnswer(targetBytes = 300 * 1024): string {
  const random = createRandom(42);
  const prose = (bytes: number) => {
    const parts: string[] = [];
    let length = 0;
    while (length < bytes) {
      const paragraph = PARAGRAPHS[Math.floor(random() * PARAGRAPHS.length)];
      parts.push(paragraph);
      length += paragraph.length + 2;
    }
    return parts.join('\n\n');
  };
  const proseBytes = 24 * 1024;
  const fileBytes = Math.floor((targetBytes - proseBytes) / LONG_ANSWER_FILE_COUNT);
  const actions = Array.from(
    { length: LONG_ANSWER_FILE_COUNT },
    (_, index) => `<boltAction type="file" filePath="src/data/dataset-${index}.ts">\n${generateSource(random, fileBytes)}</boltAction>`,
  );
  return [
    prose(proseBytes / 2),
    `\n\n<boltArtifact id="bench-dashboard" title="Bench dashboard">\n${actions.join('\n')}\n</boltArtifact>\n\n`,
    prose(proseBytes / 2),
  ].join('');
}

/** As fast as the mock can send: no delay between chunks of 32 characters (the mock's default). */
export function benchScript(longAnswer: string): MockScript {
  const longReply: MockReply = { match: LONG_ANSWER_PROMPT, text: longAnswer, chunkSize: 32, delayMs: 0 };
  return { replies: [longReply, ...e2eScript.replies] };
}
