// Bundle the sandbox tier (runner/main.ts) into build/runner/index.js, with the helper files the
// runner starts inside sandboxes (forwarder.mjs, sandbox-bashrc.sh) beside it: the runner finds them
// next to its own module at run time.
import { copyFile, mkdir } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const outDir = path.join(root, 'build', 'runner');
const helperFiles = ['forwarder.mjs', 'sandbox-bashrc.sh'];

await mkdir(outDir, { recursive: true });
await build({
  entryPoints: [path.join(root, 'runner', 'main.ts')],
  outfile: path.join(outDir, 'index.js'),
  bundle: true,
  platform: 'node',
  target: 'node20',
  format: 'esm',
  packages: 'external',
  sourcemap: true,
  logLevel: 'warning',
});
for (const file of helperFiles) {
  await copyFile(path.join(root, 'runner', file), path.join(outDir, file));
}
process.stdout.write(`runner built into ${path.relative(root, outDir)}/\n`);
