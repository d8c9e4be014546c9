import { z } from 'zod';
import { BadRequestError } from '../http/errors';
import { contentHash, MAX_FILES, pathProblem } from '../projects/app-files';

/** One entry of a snapshot as clients send and receive it (spec §3 Snapshot). */
export const snapshotEntrySchema = z
  .object({
    type: z.enum(['file', 'folder']),
    content: z.string().optional(),
    isBinary: z.boolean().optional(),
    blobId: z.string().min(1).max(200).optional(),
  })
  .strict();
export type SnapshotEntryInput = z.infer<typeof snapshotEntrySchema>;

const snapshotMapSchema = z.record(z.string(), snapshotEntrySchema);

/** The path → entry map of a snapshot, as the API answers it. */
export type SnapshotFiles = Record<string, SnapshotEntryInput>;

/** A validated entry ready to store: file bodies are addressed by SHA-1 so each is stored once. */
export type PreparedEntry = {
  path: string;
  type: 'file' | 'folder';
  content: string;
  contentHash: string | null;
  size: number;
  isBinary: boolean;
  blobId: string | null;
};

function fail(message: string): never {
  throw new BadRequestError([{ field: 'snapshot', message }]);
}

/**
 * Parse the `snapshot` field (a JSON string, spec §7) and check every path before anything is stored:
 * no absolute paths, `..`, NUL or backslashes. Trailing slashes are dropped, as for project saves.
 */
export function parseSnapshotJson(text: string): PreparedEntry[] {
  let raw: unknown;
  try {
    raw = JSON.parse(text);
  } catch {
    fail('snapshot is not valid JSON');
  }
  const parsed = snapshotMapSchema.safeParse(raw);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    fail(`${issue.path.map(String).join('.') || 'snapshot'}: ${issue.message}`);
  }
  const entries = Object.entries(parsed.data);
  if (entries.length > MAX_FILES) {
    fail(`more than ${MAX_FILES} entries`);
  }
  const seen = new Set<string>();
  return entries.map(([key, entry]) => {
    const path = key.replace(/\/+$/, '');
    const problem = pathProblem(path);
    if (problem) {
      fail(`${problem}: ${JSON.stringify(key.slice(0, 200))}`);
    }
    if (seen.has(path)) {
      fail(`duplicate path: ${JSON.stringify(path)}`);
    }
    seen.add(path);
    const isFile = entry.type === 'file';
    const content = isFile ? (entry.content ?? '') : '';
    return {
      path,
      type: entry.type,
      content,
      contentHash: isFile ? contentHash(content) : null,
      size: Buffer.byteLength(content, 'utf8'),
      isBinary: isFile && (entry.isBinary ?? false),
      blobId: isFile ? (entry.blobId ?? null) : null,
    };
  });
}
