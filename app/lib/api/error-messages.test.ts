import { describe, expect, it } from 'vitest';
import { getApiErrorMessage, getApiErrorSentence, humanizeField } from './error-messages';

describe('API error messages (spec §8)', () => {
  it.each([
    { body: { errors: ['First', 'Second'] }, newline: 'First\nSecond', sentence: 'First, Second' },
    {
      body: { errors: [{ field: 'byte_size', message: 'must be positive' }, { field: 'base', message: 'Nope' }, 'plain'] },
      newline: 'must be positive\nNope\nplain',
      sentence: 'Byte size must be positive, Nope, plain',
    },
    { body: { errors: { app_files: ['files changed for frozen project'] } }, newline: 'files changed for frozen project', sentence: 'App files files changed for frozen project' },
    { body: { error: 'Quota exceeded' }, newline: 'Quota exceeded', sentence: 'Quota exceeded' },
    { body: { error: { code: 42 } }, newline: '{"code":42}', sentence: '{"code":42}' },
    { body: { message: 'whole' }, newline: '{"message":"whole"}', sentence: '{"message":"whole"}' },
    { body: 'Bad gateway', newline: 'Bad gateway', sentence: 'Bad gateway' },
    { body: undefined, newline: 'Something went wrong.', sentence: 'Something went wrong.' },
    { body: '', newline: 'Something went wrong.', sentence: 'Something went wrong.' },
    { body: { errors: [] }, newline: 'Something went wrong.', sentence: 'Something went wrong.' },
  ])('$body → newline/sentence forms', ({ body, newline, sentence }) => {
    expect(getApiErrorMessage(body)).toBe(newline);
    expect(getApiErrorSentence(body)).toBe(sentence);
  });

  it.each([
    ['app_files', 'App files'],
    ['content_type', 'Content type'],
    ['title', 'Title'],
  ])('humanizes %s as %s', (field, human) => {
    expect(humanizeField(field)).toBe(human);
  });
});
