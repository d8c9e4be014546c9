/**
 * Dev-only page that mounts the Workbench on an in-memory sandbox with sample files, for looking at
 * the UI and for visual checks (tests/visual). 404 in production.
 * Query: view=code|preview, state=idle|starting|crashed|waiting|ready, terminal=1, ports=5173,3000,
 * stream=1 (the model "writes" a file into the editor).
 */
import { useLoaderData } from '@remix-run/react';
import { useEffect, useState } from 'react';
import { Workbench } from '~/components/workbench/Workbench';
import { createFakeSandbox } from '~/lib/stores/testing/fake-sandbox';
import { createWorkbenchStore, type WorkbenchStore } from '~/lib/stores/workbench';
import type { LoaderFunctionArgs } from '@remix-run/node';

export function loader({ request }: LoaderFunctionArgs) {
  if (process.env.NODE_ENV === 'production') throw new Response('Not Found', { status: 404 });
  const params = new URL(request.url).searchParams;
  return {
    view: params.get('view') === 'code' ? ('code' as const) : ('preview' as const),
    state: params.get('state') ?? 'ready',
    terminal: params.get('terminal') === '1',
    stream: params.get('stream') === '1',
    ports: (params.get('ports') ?? '5173').split(',').map(Number).filter((port) => port > 0),
  };
}

const SAMPLE_FILES: Record<string, string> = {
  'README.md': '# Todo app\n\nA small todo list built with **React** and Vite.\n\n- `npm install`\n- `npm run dev`\n',
  'package.json': JSON.stringify(
    { name: 'todo-app', private: true, type: 'module', scripts: { dev: 'vite', build: 'vite build' }, dependencies: { react: '^18.3.1', 'react-dom': '^18.3.1' }, devDependencies: { vite: '^6.0.0' } },
    null,
    2,
  ),
  'index.html': '<!doctype html>\n<html lang="en">\n  <head>\n    <meta charset="UTF-8" />\n    <title>Todo app</title>\n  </head>\n  <body>\n    <div id="root"></div>\n    <script type="module" src="/src/main.tsx"></script>\n  </body>\n</html>\n',
  'vite.config.ts': "import { defineConfig } from 'vite';\nimport react from '@vitejs/plugin-react';\n\nexport default defineConfig({\n  plugins: [react()],\n});\n",
  'src/main.tsx': "import { StrictMode } from 'react';\nimport { createRoot } from 'react-dom/client';\nimport App from './App';\nimport './App.css';\n\ncreateRoot(document.getElementById('root')!).render(\n  <StrictMode>\n    <App />\n  </StrictMode>,\n);\n",
  'src/App.tsx': "import { useState } from 'react';\nimport { TodoList } from './components/TodoList';\n\n/** The whole app: a title, an input and the list. */\nexport default function App() {\n  const [todos, setTodos] = useState<string[]>(['Fire the kiln', 'Glaze the mugs']);\n  const [draft, setDraft] = useState('');\n\n  const add = () => {\n    if (draft.trim() === '') return;\n    setTodos([...todos, draft.trim()]);\n    setDraft('');\n  };\n\n  return (\n    <main className=\"app\">\n      <h1>Todos</h1>\n      <input value={draft} onChange={(e) => setDraft(e.target.value)} placeholder=\"What needs doing?\" />\n      <button onClick={add}>Add</button>\n      <TodoList items={todos} />\n    </main>\n  );\n}\n",
  'src/App.css': '.app {\n  max-width: 480px;\n  margin: 48px auto;\n  font-family: system-ui, sans-serif;\n}\n\nh1 {\n  color: #e2580b;\n}\n',
  'src/components/TodoList.tsx': "export function TodoList({ items }: { items: string[] }) {\n  return (\n    <ul>\n      {items.map((item) => (\n        <li key={item}>{item}</li>\n      ))}\n    </ul>\n  );\n}\n",
  '.gitignore': 'node_modules\ndist\n',
};

const PREVIEW_HTML = `<!doctype html><html><body style="margin:0;font-family:system-ui,sans-serif;background:#fff7f0;color:#1f1b17">
<main style="max-width:480px;margin:64px auto;padding:0 24px"><h1 style="color:#e2580b;margin:0 0 16px">Todos</h1>
<div style="display:flex;gap:8px;margin-bottom:16px"><input placeholder="What needs doing?" style="flex:1;padding:8px 12px;border:1px solid #e6e1da;border-radius:6px;font:inherit">
<button style="padding:8px 16px;border:0;border-radius:6px;background:#e2580b;color:#fff;font:inherit">Add</button></div>
<ul style="padding-left:20px;line-height:2"><li>Fire the kiln</li><li>Glaze the mugs</li></ul></main></body></html>`;

const TERMINAL_OUTPUT = [
  '\u001b[1m~/project\u001b[0m $ npm install\r\n',
  '\r\nadded 64 packages in 3s\r\n\r\n',
  '\u001b[1m~/project\u001b[0m $ npm run dev\r\n\r\n> todo-app@0.0.0 dev\r\n> vite\r\n\r\n',
];

type DevData = ReturnType<typeof loader>;

function setUpScenario(store: WorkbenchStore, sandbox: ReturnType<typeof createFakeSandbox>, data: DevData) {
  for (const chunk of TERMINAL_OUTPUT) store.terminal.write(chunk);
  store.terminal.setShellInput((input) => store.terminal.write(input === '\r' ? '\r\n' : input));
  store.setShowTerminal(data.terminal);
  const url = `data:text/html;charset=utf-8,${encodeURIComponent(PREVIEW_HTML)}`;
  switch (data.state) {
    case 'starting':
      store.setDevServerState({ status: 'starting', command: 'npm run dev' });
      break;
    case 'crashed':
      store.terminal.write("\u001b[31mError: Cannot find module '@vitejs/plugin-react'\u001b[0m\r\n    at loadConfigFromBundledFile (vite/dist/node/chunks/config.js:66:15)\r\n");
      store.setDevServerState({ status: 'crashed', exitCode: 1, command: 'npm run dev' });
      break;
    case 'waiting':
      sandbox.emit('port', data.ports[0], 'open', url);
      break;
    case 'ready':
      store.terminal.write('  \u001b[32m➜\u001b[0m  \u001b[1mLocal\u001b[0m:   \u001b[36mhttp://localhost:5173/\u001b[0m\r\n');
      for (const port of data.ports) {
        sandbox.emit('port', port, 'open', url);
        sandbox.emit('server-ready', port, url);
      }
      break;
  }
  store.setView(data.view);
}

const STREAMED_FILE = `export function TodoItem({ text, done }: { text: string; done: boolean }) {
  return (
    <li className={done ? 'done' : undefined}>
      <input type="checkbox" checked={done} readOnly />
      {text}
    </li>
  );
}
`;

/** Plays a file action the way the parser reports it: start, small deltas, end. Returns stop. */
function streamSampleFile(store: WorkbenchStore): () => void {
  const path = 'src/components/TodoItem.tsx';
  let offset = 0;
  store.handleStreamingFileEvent({ path, content: '', status: 'start' });
  const timer = setInterval(() => {
    const piece = STREAMED_FILE.slice(offset, offset + 6);
    offset += piece.length;
    if (piece) store.handleStreamingFileEvent({ path, content: piece, status: 'stream' });
    if (offset >= STREAMED_FILE.length) {
      clearInterval(timer);
      store.handleStreamingFileEvent({ path, content: STREAMED_FILE, status: 'end' });
    }
  }, 80);
  return () => clearInterval(timer);
}

export default function DevWorkbench() {
  const data = useLoaderData<typeof loader>();
  const [store, setStore] = useState<WorkbenchStore | undefined>(undefined);

  useEffect(() => {
    const sandbox = createFakeSandbox({ ...SAMPLE_FILES, 'public/logo.png': new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0, 0, 0, 0]) });
    const created = createWorkbenchStore({ sandbox });
    setUpScenario(created, sandbox, data);
    setStore(created);
    const stopStreaming = data.stream ? streamSampleFile(created) : undefined;
    return () => {
      stopStreaming?.();
      void created.dispose();
    };
  }, [data]);

  return (
    <div style={{ display: 'flex', height: '100vh' }}>
      <aside style={{ width: 360, flex: 'none', color: 'var(--kiln-fg-subtle)', padding: 16, fontSize: 13, borderRight: '1px solid var(--kiln-border)' }}>
        Chat goes here
      </aside>
      <div style={{ flex: 1, minWidth: 0, display: 'flex', flexDirection: 'column' }}>{store && <Workbench store={store} />}</div>
    </div>
  );
}
