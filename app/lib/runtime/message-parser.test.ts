import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { createMessageParser, UNFINISHED_ACTION_ERROR } from './message-parser';
import type { ParserEvent } from './types';

/** Feed `chunks` and return the events with adjacent text / file-stream deltas joined. */
function parse(chunks: string[], messageId = 'm1'): ParserEvent[] {
  const events: ParserEvent[] = [];
  const parser = createMessageParser(messageId, (event) => events.push(event));
  for (const chunk of chunks) {
    parser.push(chunk);
  }
  parser.end();
  return joinDeltas(events);
}

function joinDeltas(events: ParserEvent[]): ParserEvent[] {
  const joined: ParserEvent[] = [];
  for (const event of events) {
    const last = joined.at(-1);
    if (event.type === 'text' && last?.type === 'text') {
      joined[joined.length - 1] = { type: 'text', text: last.text + event.text };
    } else if (
      event.type === 'file' &&
      event.event.status === 'stream' &&
      last?.type === 'file' &&
      last.event.status === 'stream' &&
      last.actionId === event.actionId
    ) {
      joined[joined.length - 1] = { ...last, event: { ...last.event, content: last.event.content + event.event.content } };
    } else {
      joined.push(event);
    }
  }
  return joined;
}

function splitAt(text: string, cuts: number[]): string[] {
  const points = [...new Set(cuts.map((cut) => cut % (text.length + 1)))].sort((a, b) => a - b);
  const chunks: string[] = [];
  let previous = 0;
  for (const point of [...points, text.length]) {
    chunks.push(text.slice(previous, point));
    previous = point;
  }
  return chunks;
}

/** A compact view for table tests. */
function summarize(events: ParserEvent[]): string[] {
  return events.map((event) => {
    switch (event.type) {
      case 'text':
        return `text:${event.text}`;
      case 'artifact-open':
        return `artifact-open:${event.artifactId}:${event.title}:${event.slug ?? ''}`;
      case 'artifact-close':
        return `artifact-close:${event.artifactId}`;
      case 'action-open':
        return `action-open:${event.actionId}:${event.action.type}`;
      case 'action-close':
        return `action-close:${event.actionId}:${event.action.type}:${event.action.type === 'file' ? `${event.action.filePath}:` : ''}${event.action.content}`;
      case 'action-error':
        return `action-error:${event.actionId}:${event.error}`;
      case 'file':
        return `file-${event.event.status}:${event.event.path}:${event.event.content}`;
    }
  });
}

const SAMPLE = [
  'Here is your app.\n\n```tsx\n<boltAction type="shell">rm -rf /</boltAction>\n```\n',
  '<boltArtifact id="todo" title="Todo &amp; more">\n',
  '  <boltAction type="file" filePath="src/App.tsx">\nconst a = \'<bolt\';\nconst b = "</boltA";\nconst c = "&lt;div&gt;";\nexport const App = () => <div>{a}{b}</div>;\n</boltAction>\n',
  '  <boltAction type="shell">\n  npm install  \n</boltAction>\n',
  '  <boltAction type="deploy">secret</boltAction>\n',
  '  <boltAction type="start">npm run dev</boltAction>\n',
  '</boltArtifact>\n\nDone <b>bold</b> < 3.',
].join('');

describe('createMessageParser', () => {
  it.each<[string, string, string[]]>([
    ['plain markdown', 'Hello **world** <b>x</b>', ['text:Hello **world** <b>x</b>']],
    ['a lone "<" and a partial tag at the end', 'a < b <bolt', ['text:a < b <bolt']],
    ['a lookalike tag name', '<boltArtifactX id="a">x', ['text:<boltArtifactX id="a">x']],
    [
      'an empty artifact',
      'A<boltArtifact id="s" title="T"></boltArtifact>B',
      ['text:A', 'artifact-open:m1-artifact-0:T:s', 'artifact-close:m1-artifact-0', 'text:B'],
    ],
    [
      'a file action keeps content byte-exact and strips one leading newline',
      '<boltArtifact title="T"><boltAction type="file" filePath="a.ts">\n\nx &lt; \'<bolt\' "</boltA"\n</boltAction></boltArtifact>',
      [
        'artifact-open:m1-artifact-0:T:',
        'action-open:m1-0:file',
        'file-start:a.ts:',
        'file-stream:a.ts:\nx &lt; \'<bolt\' "</boltA"\n',
        'file-end:a.ts:\nx &lt; \'<bolt\' "</boltA"\n',
        'action-close:m1-0:file:a.ts:\nx &lt; \'<bolt\' "</boltA"\n',
        'artifact-close:m1-artifact-0',
      ],
    ],
    [
      'CRLF leading newline',
      '<boltArtifact title="T"><boltAction type="file" filePath="a">\r\nx</boltAction></boltArtifact>',
      ['artifact-open:m1-artifact-0:T:', 'action-open:m1-0:file', 'file-start:a:', 'file-stream:a:x', 'file-end:a:x', 'action-close:m1-0:file:a:x', 'artifact-close:m1-artifact-0'],
    ],
    [
      'shell and start commands are trimmed',
      '<boltArtifact title="T"><boltAction type="shell">\n npm i \n</boltAction><boltAction type=\'start\'> npm run dev</boltAction></boltArtifact>',
      [
        'artifact-open:m1-artifact-0:T:',
        'action-open:m1-0:shell',
        'action-close:m1-0:shell:npm i',
        'action-open:m1-1:start',
        'action-close:m1-1:start:npm run dev',
        'artifact-close:m1-artifact-0',
      ],
    ],
    [
      'an unknown action type errors and swallows its content',
      '<boltArtifact title="T"><boltAction type="deploy">x</boltAction></boltArtifact>',
      ['artifact-open:m1-artifact-0:T:', 'action-error:m1-0:Unknown action type "deploy"', 'artifact-close:m1-artifact-0'],
    ],
    [
      'a file action without filePath',
      '<boltArtifact title="T"><boltAction type="file">x</boltAction></boltArtifact>',
      ['artifact-open:m1-artifact-0:T:', 'action-error:m1-0:File action is missing its filePath attribute', 'artifact-close:m1-artifact-0'],
    ],
    [
      'quoted ">" inside an attribute',
      '<boltArtifact title="a > b"><boltAction type="file" filePath="x>y.ts">1</boltAction></boltArtifact>',
      ['artifact-open:m1-artifact-0:a > b:', 'action-open:m1-0:file', 'file-start:x>y.ts:', 'file-stream:x>y.ts:1', 'file-end:x>y.ts:1', 'action-close:m1-0:file:x>y.ts:1', 'artifact-close:m1-artifact-0'],
    ],
    [
      'the stream ends inside a file action',
      '<boltArtifact title="T"><boltAction type="file" filePath="a">abc</bolt',
      [
        'artifact-open:m1-artifact-0:T:',
        'action-open:m1-0:file',
        'file-start:a:',
        'file-stream:a:abc</bolt',
        'file-end:a:abc</bolt',
        `action-error:m1-0:${UNFINISHED_ACTION_ERROR}`,
        'artifact-close:m1-artifact-0',
      ],
    ],
    [
      'the stream ends inside a shell action',
      '<boltArtifact title="T"><boltAction type="shell">npm',
      ['artifact-open:m1-artifact-0:T:', 'action-open:m1-0:shell', `action-error:m1-0:${UNFINISHED_ACTION_ERROR}`, 'artifact-close:m1-artifact-0'],
    ],
    [
      'the stream ends between actions',
      '<boltArtifact title="T">  <boltAct',
      ['artifact-open:m1-artifact-0:T:', 'artifact-close:m1-artifact-0'],
    ],
    [
      'two artifacts with text between',
      '<boltArtifact title="A"></boltArtifact>mid<boltArtifact title="B"><boltAction type="shell">ls</boltAction></boltArtifact>',
      [
        'artifact-open:m1-artifact-0:A:',
        'artifact-close:m1-artifact-0',
        'text:mid',
        'artifact-open:m1-artifact-1:B:',
        'action-open:m1-0:shell',
        'action-close:m1-0:shell:ls',
        'artifact-close:m1-artifact-1',
      ],
    ],
    [
      'a self-closing action is an empty file',
      '<boltArtifact title="T"><boltAction type="file" filePath="empty.txt"/></boltArtifact>',
      ['artifact-open:m1-artifact-0:T:', 'action-open:m1-0:file', 'file-start:empty.txt:', 'file-end:empty.txt:', 'action-close:m1-0:file:empty.txt:', 'artifact-close:m1-artifact-0'],
    ],
    [
      'only </boltAction> closes an action, even </boltArtifact> is content',
      '<boltArtifact title="T"><boltAction type="file" filePath="doc.md">x</boltArtifact>y</boltAction></boltArtifact>',
      [
        'artifact-open:m1-artifact-0:T:',
        'action-open:m1-0:file',
        'file-start:doc.md:',
        'file-stream:doc.md:x</boltArtifact>y',
        'file-end:doc.md:x</boltArtifact>y',
        'action-close:m1-0:file:doc.md:x</boltArtifact>y',
        'artifact-close:m1-artifact-0',
      ],
    ],
  ])('%s', (_name, input, expected) => {
    expect(summarize(parse([input]))).toEqual(expected);
    expect(summarize(parse([...input]))).toEqual(expected);
  });

  it('treats markdown code blocks as text, never as actions', () => {
    const events = parse(['```xml\n<boltAction type="shell">rm -rf /</boltAction>\n```']);
    expect(events).toEqual([{ type: 'text', text: '```xml\n<boltAction type="shell">rm -rf /</boltAction>\n```' }]);
  });

  it('keeps separate state per message', () => {
    const first: ParserEvent[] = [];
    const second: ParserEvent[] = [];
    const a = createMessageParser('a', (event) => first.push(event));
    const b = createMessageParser('b', (event) => second.push(event));
    a.push('<boltArtifact title="T"><boltAction type="shell">l');
    b.push('hello');
    a.push('s</boltAction></boltArtifact>');
    a.end();
    b.end();
    expect(second).toEqual([{ type: 'text', text: 'hello' }]);
    expect(summarize(first)).toContain('action-close:a-0:shell:ls');
  });

  it('treats an opening tag without ">" in its first 2048 characters as text', () => {
    const text = `<boltArtifact title="${'x'.repeat(3000)}`;
    expect(parse([text])).toEqual([{ type: 'text', text }]);
    expect(parse(splitAt(text, [5, 100, 2050]))).toEqual([{ type: 'text', text }]);
  });

  it('keeps any file content byte-exact under any chunking (property)', () => {
    const contentPiece = fc.constantFrom('a', '<', '/', '>', '</bolt', '</boltA', "'<bolt'", '&lt;', '\n', '\r', 'é', '😀', '</boltArtifact>', ' ');
    fc.assert(
      fc.property(fc.array(contentPiece, { maxLength: 40 }), fc.array(fc.nat(), { maxLength: 20 }), (pieces, cuts) => {
        const content = pieces.join('');
        fc.pre(!content.includes('</boltAction>'));
        const text = `<boltArtifact title="t"><boltAction type="file" filePath="f">${content}</boltAction></boltArtifact>`;
        const close = parse(splitAt(text, cuts)).find((event) => event.type === 'action-close');
        const expected = content.startsWith('\n') ? content.slice(1) : content.startsWith('\r\n') ? content.slice(2) : content;
        expect(close?.type === 'action-close' ? close.action.content : null).toBe(expected);
      }),
      { numRuns: 500 },
    );
  });

  it('refuses input after end()', () => {
    const parser = createMessageParser('m', () => {});
    parser.end();
    expect(() => parser.push('x')).toThrow('after end()');
  });

  it('gives the same events for any chunking (property)', () => {
    const whole = parse([SAMPLE]);
    fc.assert(
      fc.property(fc.array(fc.nat({ max: SAMPLE.length }), { maxLength: 60 }), (cuts) => {
        expect(parse(splitAt(SAMPLE, cuts))).toEqual(whole);
      }),
      { numRuns: 300 },
    );
  });

  it('gives the same events for any chunking of arbitrary tag soup (property)', () => {
    const pieces = fc.constantFrom(
      '<boltArtifact title="t">',
      '</boltArtifact>',
      '<boltAction type="file" filePath="f">',
      '<boltAction type="shell">',
      '<boltAction type="x">',
      '</boltAction>',
      '<bolt',
      '</boltA',
      '\n',
      '\r\n',
      '\r',
      'abc',
      '<',
      '>',
      '&lt;',
    );
    fc.assert(
      fc.property(fc.array(pieces, { maxLength: 30 }), fc.array(fc.nat(), { maxLength: 20 }), (parts, cuts) => {
        const text = parts.join('');
        expect(parse(splitAt(text, cuts))).toEqual(parse([text]));
      }),
      { numRuns: 500 },
    );
  });

  it('emits the dangerous code block text verbatim and runs only artifact actions', () => {
    const closes = parse([SAMPLE]).filter((event) => event.type === 'action-close');
    expect(closes.map((event) => (event.type === 'action-close' ? event.action.content : ''))).toEqual([
      'const a = \'<bolt\';\nconst b = "</boltA";\nconst c = "&lt;div&gt;";\nexport const App = () => <div>{a}{b}</div>;\n',
      'npm install',
      'npm run dev',
    ]);
  });
});
