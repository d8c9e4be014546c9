/** Conversions between the workbench's files and what the save and chat endpoints take. */
import { selectFilesToSave, type SavableFile } from './ignore-files';

/** One `appFiles` entry: text inline, or (binary) a reference to uploaded bytes. */
export type AppFilePayload = { type: 'file'; contents: string; isBinary: boolean; blobId?: string; fullPath?: string; name?: string };

/** `appFiles` of PATCH /api/projects/{slug} and of the fork call: path → file. */
export type AppFilesPayload = Record<string, AppFilePayload>;

export function toAppFiles(files: Readonly<Record<string, SavableFile>>): AppFilesPayload {
  const appFiles: AppFilesPayload = {};
  for (const [path, file] of Object.entries(files)) {
    appFiles[path] = { type: 'file', contents: file.content, isBinary: file.isBinary };
  }
  return appFiles;
}

/** The text files the model sees with a chat request: the saved set (ignore rules applied). */
export function textFilesForChat(files: Readonly<Record<string, SavableFile>>): Record<string, string> {
  const text: Record<string, string> = {};
  for (const [path, file] of Object.entries(selectFilesToSave(files))) {
    text[path] = file.content;
  }
  return text;
}

/** A cheap identity of a file set, to tell a real change from the watcher echoing mounted files. */
export function filesSignature(files: Readonly<Record<string, SavableFile>>): string {
  const paths = Object.keys(files).sort();
  let hash = 0x811c9dc5;
  const mix = (text: string) => {
    for (let i = 0; i < text.length; i++) {
      hash ^= text.charCodeAt(i);
      hash = Math.imul(hash, 0x01000193) >>> 0;
    }
  };
  for (const path of paths) {
    mix(path);
    mix('\0');
    mix(files[path].content);
    mix('\u0001');
  }
  return `${paths.length}:${hash.toString(16)}`;
}
