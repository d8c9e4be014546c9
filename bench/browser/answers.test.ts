import { describe, expect, it } from 'vitest';
import { createMessageParser } from '../../app/lib/runtime/message-parser';
import { benchScript, generateLongAnswer, LONG_ANSWER_FILE_COUNT, LONG_ANSWER_PROMPT } from './answers';

describe('the long answer', () => {
  it('is about 300 KB and parses into the expected number of file actions', () => {
    const answer = generateLongAnswer();
    expect(answer.length).toBeGreaterThan(290 * 1024);
    expect(answer.length).toBeLessThan(310 * 1024);
    const files: string[] = [];
    const parser = createMessageParser('bench', (event) => {
      if (event.type === 'action-close' && event.action.type === 'file') files.push(event.action.filePath);
    });
    parser.push(answer);
    parser.end();
    expect(files).toHaveLength(LONG_ANSWER_FILE_COUNT);
  });

  it('is chosen by its prompt ahead of the e2e replies', () => {
    const script = benchScript('text');
    expect(script.replies[0]).toMatchObject({ match: LONG_ANSWER_PROMPT, text: 'text', delayMs: 0 });
    expect(script.replies.length).toBeGreaterThan(1);
  });
});
