/** The Download button: the project's files as a zip, made in the browser (spec §8 save failure toast). */
import { strToU8, zipSync, type Zippable } from 'fflate';

export function zipProjectFiles(files: Readonly<Record<string, { content: string; isBinary: boolean }>>): Uint8Array {
  const entries: Zippable = {};
  for (const [path, file] of Object.entries(files)) {
    // Binary files arrive without content (placeholders); an empty entry would look like data loss.
    if (!file.isBinary) {
      entries[path] = strToU8(file.content);
    }
  }
  return zipSync(entries, { level: 6 });
}

/** A file name from the project title: 'My Todo App' → 'my-todo-app.zip'. */
export function zipFileName(title: string): string {
  const base = title
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 60);
  return `${base || 'kiln-project'}.zip`;
}

export function downloadProjectZip(files: Readonly<Record<string, { content: string; isBinary: boolean }>>, title: string): void {
  const zip = zipProjectFiles(files);
  // fflate allocates a plain ArrayBuffer; the type only says ArrayBufferLike.
  const url = URL.createObjectURL(new Blob([zip as Uint8Array<ArrayBuffer>], { type: 'application/zip' }));
  const link = document.createElement('a');
  link.href = url;
  link.download = zipFileName(title);
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1_000);
}
