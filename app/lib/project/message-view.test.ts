import { describe, expect, it } from 'vitest';
import { createMessageParser } from '~/lib/runtime/message-parser';
import { applyParserEvent, buildSavedMessageView, EMPTY_MESSAGE_VIEW, firstArtifactTitle, type MessageView } from './message-view';

const answer = [
  'Here is your app.\n\n',
  '<boltArtifact id="todo" title="Todo app">',
  '<boltAction type="file" filePath="index.html"><h1>Todo</h1></boltAction>',
  '<boltAction type="shell">npm install</boltAction>',
  '</boltArtifact>',
  '\n\nRun it with `npm run dev`.',
].join('');

describe('message view', () => {
  it('builds text and artifact segments from a saved message, actions settled', () => {
    const view = buildSavedMessageView('m1', answer);
    expect(view.segments.map((segment) => segment.type)).toEqual(['text', 'artifact', 'text']);
    expect(view.segments[0]).toEqual({ type: 'text', text: 'Here is your app.\n\n' });
    expect(firstArtifactTitle(view)).toBe('Todo app');
    const [artifact] = Object.values(view.artifacts);
    expect(artifact.closed).toBe(true);
    const actions = artifact.actionIds.map((id) => view.actions[id]);
    expect(actions.map((a) => [a.type, a.filePath, a.content, a.status])).toEqual([
      ['file', 'index.html', '<h1>Todo</h1>', 'complete'],
      ['shell', undefined, 'npm install', 'complete'],
    ]);
  });

  it.each([1, 3, 7, 50])('gives the same view when streamed in chunks of %i characters', (size) => {
    let view: MessageView = EMPTY_MESSAGE_VIEW;
    const parser = createMessageParser('m1', (event) => {
      view = applyParserEvent(view, event);
    });
    for (let i = 0; i < answer.length; i += size) {
      parser.push(answer.slice(i, i + size));
    }
    parser.end();
    const saved = buildSavedMessageView('m1', answer, 'pending');
    expect(view.segments).toEqual(saved.segments);
    expect(Object.values(view.actions).map((a) => a.content)).toEqual(Object.values(saved.actions).map((a) => a.content));
  });

  it('keeps the identity of unchanged artifacts when text arrives', () => {
    let view = buildSavedMessageView('m1', answer);
    const artifacts = view.artifacts;
    view = applyParserEvent(view, { type: 'text', text: ' More.' });
    expect(view.artifacts).toBe(artifacts);
    expect(view.segments.at(-1)).toEqual({ type: 'text', text: '\n\nRun it with `npm run dev`. More.' });
  });

  it('shows an unfinished action as failed with the reason', () => {
    const view = buildSavedMessageView('m2', '<boltArtifact id="a" title="A"><boltAction type="shell">npm i');
    const [action] = Object.values(view.actions);
    expect(action.status).toBe('failed');
    expect(action.error).toMatch(/ended before/);
  });
});
