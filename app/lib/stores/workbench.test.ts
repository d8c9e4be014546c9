import { describe, expect, it } from 'vitest';
import { createFakeSandbox } from './testing/fake-sandbox';
import { createWorkbenchStore } from './workbench';

describe('createWorkbenchStore', () => {
  it('fills the file map from the watcher and selects the default file', () => {
    const sandbox = createFakeSandbox({ 'package.json': '{}', 'src/main.tsx': 'main' });
    const store = createWorkbenchStore({ sandbox });
    expect(Object.keys(store.$files.get()).sort()).toEqual(['package.json', 'src', 'src/main.tsx']);
    expect(store.$selectedFile.get()).toBe('src/main.tsx');
    expect(store.$view.get()).toBe('preview');
  });

  it('selects another file when the selected one is removed', async () => {
    const sandbox = createFakeSandbox({ 'README.md': 'r', 'package.json': '{}' });
    const store = createWorkbenchStore({ sandbox });
    await sandbox.fs.rm('README.md');
    expect(store.$selectedFile.get()).toBe('package.json');
  });

  it('follows a renamed selected file', async () => {
    const sandbox = createFakeSandbox({ 'README.md': 'r', 'package.json': '{}' });
    const store = createWorkbenchStore({ sandbox });
    await store.renameFile('README.md', 'GUIDE.md');
    expect(store.$selectedFile.get()).toBe('GUIDE.md');
  });

  it('turns port and server-ready events into previews', () => {
    const sandbox = createFakeSandbox();
    const store = createWorkbenchStore({ sandbox });
    sandbox.emit('port', 5173, 'open', 'http://s-5173.localhost/');
    sandbox.emit('server-ready', 5173, 'http://s-5173.localhost/');
    expect(store.$activePreview.get()).toMatchObject({ port: 5173, ready: true });
  });

  it('stops listening after dispose', async () => {
    const sandbox = createFakeSandbox();
    const store = createWorkbenchStore({ sandbox });
    await store.dispose();
    sandbox.emit('port', 5173, 'open', 'http://x/');
    await sandbox.fs.writeFile('a.ts', 'a');
    expect(store.$previews.get()).toEqual([]);
    expect(store.$files.get()).toEqual({});
  });

  it('shows the code while a file streams and the preview once a server is ready', () => {
    const sandbox = createFakeSandbox({ 'README.md': 'r' });
    const store = createWorkbenchStore({ sandbox });
    store.handleStreamingFileEvent({ path: 'src/App.tsx', content: '', status: 'start' });
    expect(store.$view.get()).toBe('code');
    store.handleStreamingFileEvent({ path: 'src/App.tsx', content: 'x', status: 'end' });
    sandbox.emit('port', 5173, 'open', 'http://p/');
    expect(store.$view.get()).toBe('code');
    sandbox.emit('server-ready', 5173, 'http://p/');
    expect(store.$view.get()).toBe('preview');
    store.setView('code');
    store.reloadPreview();
    expect(store.$view.get()).toBe('code');
  });

  it('keeps the view the person picked when a server becomes ready', () => {
    const sandbox = createFakeSandbox({ 'README.md': 'r' });
    const store = createWorkbenchStore({ sandbox });
    store.setView('code');
    sandbox.emit('port', 3000, 'open', 'http://p/');
    sandbox.emit('server-ready', 3000, 'http://p/');
    expect(store.$view.get()).toBe('code');
  });

  it('does not switch views for a file the user is not shown', () => {
    const sandbox = createFakeSandbox({ 'README.md': 'r' });
    const store = createWorkbenchStore({ sandbox });
    store.handleStreamingFileEvent({ path: 'a.ts', content: '', status: 'start' });
    store.selectFile('README.md');
    store.setView('preview');
    store.handleStreamingFileEvent({ path: 'b.ts', content: '', status: 'start' });
    expect(store.$view.get()).toBe('preview');
    expect(store.$selectedFile.get()).toBe('README.md');
  });
});
