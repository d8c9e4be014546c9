/**
 * Scripted model answers for the end-to-end tests. Each test sends a prompt containing its marker;
 * the mock model server picks the matching reply.
 */
import { type MockScript } from '../support/mock-llm';

export const NODE_SERVER_PROMPT = 'e2e: build a tiny node server';
export const NODE_SERVER_TEXT = 'Hello from the Kiln sandbox';

const nodeServerAnswer = `I'll write a zero-dependency Node HTTP server and start it.

<boltArtifact id="hello-server" title="Hello server">
<boltAction type="file" filePath="package.json">{
  "name": "hello-server",
  "private": true,
  "scripts": { "start": "node server.js" }
}
</boltAction>
<boltAction type="file" filePath="server.js">const http = require('node:http');

const port = Number(process.env.PORT) || 3000;
http
  .createServer((req, res) => {
    res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
    res.end('<!doctype html><title>hello</title><h1>${NODE_SERVER_TEXT}</h1>');
  })
  .listen(port, () => console.log('listening on ' + port));
</boltAction>
<boltAction type="shell">echo "files are ready: $(ls | tr '\\n' ' ')"</boltAction>
<boltAction type="start">node server.js</boltAction>
</boltArtifact>

The server answers on its port; the preview shows it.`;

export const VITE_PROMPT = 'e2e: build a vite react counter';
export const VITE_TEXT = 'Kiln Vite counter';

const viteAnswer = `Here is a Vite + React app.

<boltArtifact id="vite-counter" title="Vite counter">
<boltAction type="file" filePath="package.json">{
  "name": "vite-counter",
  "private": true,
  "type": "module",
  "scripts": { "dev": "vite --host 127.0.0.1" },
  "dependencies": { "react": "18.3.1", "react-dom": "18.3.1" },
  "devDependencies": { "vite": "6.4.6", "@vitejs/plugin-react": "4.7.0" }
}
</boltAction>
<boltAction type="file" filePath="vite.config.js">import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';

export default defineConfig({ plugins: [react()] });
</boltAction>
<boltAction type="file" filePath="index.html"><!doctype html>
<html lang="en">
  <head><meta charset="UTF-8" /><title>Vite counter</title></head>
  <body>
    <div id="root"></div>
    <script type="module" src="/src/main.jsx"></script>
  </body>
</html>
</boltAction>
<boltAction type="file" filePath="src/main.jsx">import React from 'react';
import { createRoot } from 'react-dom/client';
import App from './App.jsx';

createRoot(document.getElementById('root')).render(<App />);
</boltAction>
<boltAction type="file" filePath="src/App.jsx">import { useState } from 'react';

export default function App() {
  const [count, setCount] = useState(0);
  return (
    <main>
      <h1>${VITE_TEXT}</h1>
      <button onClick={() => setCount(count + 1)}>count is {count}</button>
    </main>
  );
}
</boltAction>
<boltAction type="shell">npm install</boltAction>
<boltAction type="start">npm run dev</boltAction>
</boltArtifact>`;

export const FAILING_PROMPT = 'e2e: run a failing command';
export const FAILING_OUTPUT = 'this command is going to fail';

const failingAnswer = `Running a command that fails.

<boltArtifact id="failing" title="Failing command">
<boltAction type="shell">echo "${FAILING_OUTPUT}" && ls ./no-such-directory</boltAction>
</boltArtifact>`;

/**
 * A second message for the same project. Its start command differs from the first answer's on
 * purpose: a start command that is already running is not started again, and plain node does not
 * reload changed files.
 */
export const CHANGE_GREETING_PROMPT = 'e2e: change the greeting';
export const CHANGED_GREETING_TEXT = 'Greeting changed by the second message';

const changeGreetingAnswer = `I'll change the greeting and restart the server.

<boltArtifact id="changed-greeting" title="Changed greeting">
<boltAction type="file" filePath="server.js">const http = require('node:http');

const port = Number(process.env.PORT) || 3000;
http
  .createServer((req, res) => {
    res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
    res.end('<!doctype html><title>hello</title><h1>${CHANGED_GREETING_TEXT}</h1>');
  })
  .listen(port, () => console.log('listening on ' + port));
</boltAction>
<boltAction type="start">node server.js --greeting-changed</boltAction>
</boltArtifact>

The server now shows the new greeting.`;

export const e2eScript: MockScript = {
  replies: [
    { match: CHANGE_GREETING_PROMPT, text: changeGreetingAnswer, chunkSize: 24, delayMs: 2 },
    { match: NODE_SERVER_PROMPT, text: nodeServerAnswer, chunkSize: 24, delayMs: 2 },
    { match: VITE_PROMPT, text: viteAnswer, chunkSize: 48, delayMs: 1 },
    { match: FAILING_PROMPT, text: failingAnswer, chunkSize: 16 },
    { text: 'I am the scripted test model. Ask me for one of the scripted apps.' },
  ],
};
