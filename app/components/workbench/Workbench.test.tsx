import { renderToString } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { createFakeSandbox } from '~/lib/stores/testing/fake-sandbox';
import { createWorkbenchStore } from '~/lib/stores/workbench';
import { resolvePreviewAddress } from './PreviewPane';
import { Workbench } from './Workbench';

describe('Workbench server render', () => {
  it('renders without touching browser-only modules and shows the waiting state', () => {
    const sandbox = createFakeSandbox({ 'README.md': '# hi', 'src/App.tsx': 'x' });
    const store = createWorkbenchStore({ sandbox });
    store.terminal.write('> vite\r\n');
    const html = renderToString(<Workbench store={store} />);
    for (const testId of ['workbench-tab-code', 'workbench-tab-preview', 'terminal-toggle', 'file-tree', 'editor', 'terminal', 'preview-reload']) {
      expect(html).toContain(`data-testid="${testId}"`);
    }
    expect(html).toContain('data-path="src/App.tsx"');
    expect(html).toContain('Waiting for a dev server…');
    expect(html).toContain('&gt; vite');
  });

  it('renders the preview frame and port picker once a server is ready', () => {
    const sandbox = createFakeSandbox();
    const store = createWorkbenchStore({ sandbox });
    sandbox.emit('port', 5173, 'open', 'http://s1-5173.localhost:3001/');
    sandbox.emit('port', 3000, 'open', 'http://s1-3000.localhost:3001/');
    sandbox.emit('server-ready', 3000, 'http://s1-3000.localhost:3001/');
    const html = renderToString(<Workbench store={store} />);
    expect(html).toContain('data-testid="port-picker"');
    expect(html).toMatch(/data-testid="preview-iframe"[^>]*src="http:\/\/s1-3000\.localhost:3001\/"/);
  });
});

describe('resolvePreviewAddress', () => {
  const base = 'http://s1-5173.localhost:3001/';
  it.each([
    ['/about', 'http://s1-5173.localhost:3001/about'],
    ['about?x=1', 'http://s1-5173.localhost:3001/about?x=1'],
    ['', 'http://s1-5173.localhost:3001/'],
    ['http://s1-5173.localhost:3001/a#b', 'http://s1-5173.localhost:3001/a#b'],
    ['https://evil.example/', undefined],
    ['javascript:alert(1)', undefined],
  ])('%j → %s', (typed, expected) => {
    expect(resolvePreviewAddress(base, typed)).toBe(expected);
  });
});
