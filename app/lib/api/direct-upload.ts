/**
 * spec §4 "Direct upload": checksum, create the blob record, PUT the bytes to the returned URL, hand
 * back the signed id. Uploads run one at a time; a form with a running upload ignores a second submit.
 */
import { z } from 'zod';
import { computeChecksum, type NamedBlob } from './checksum';

export const DIRECT_UPLOADS_URL = '/api/direct_uploads';

const createdBlobSchema = z.object({
  signed_id: z.string().min(1),
  direct_upload: z.object({ url: z.string().min(1), headers: z.record(z.string(), z.string()).default({}) }),
});

/** spec §3 Upload result. */
export interface UploadResult {
  signed_id: string;
  /** Where the stored bytes are served. */
  url: string;
  name: string;
}

/** A file to upload: its bytes, name and (optional) MIME type, as a browser File has. */
export interface UploadFile extends NamedBlob {
  readonly type?: string;
}

export interface DirectUploadOptions {
  /** The form's direct-upload URL. */
  url?: string;
  fetch?: typeof fetch;
  /** CSRF token from page metadata, sent when present. Default: <meta name="csrf-token">. */
  csrfToken?: string | null;
  signal?: AbortSignal;
}

/** Where the server serves a blob (spec §7: storage blobs path by signed id and name). */
export function blobUrl(signedId: string, name: string): string {
  return `/api/storage/blobs/${encodeURIComponent(signedId)}/${encodeURIComponent(name)}`;
}

function csrfFromPage(): string | null {
  if (typeof document === 'undefined') return null;
  return document.querySelector<HTMLMetaElement>('meta[name="csrf-token"]')?.content ?? null;
}

/** Upload one file. Errors: 'Error reading {file}', 'Error creating Blob for "{file}". Status: {n}', 'Error storing "{file}". Status: {n}'. */
export async function directUpload(file: UploadFile, options: DirectUploadOptions = {}): Promise<UploadResult> {
  const fetchImpl = options.fetch ?? ((input: RequestInfo | URL, init?: RequestInit) => fetch(input, init));
  const checksum = await computeChecksum(file);
  const headers: Record<string, string> = {
    'Content-Type': 'application/json',
    Accept: 'application/json',
    'X-Requested-With': 'XMLHttpRequest',
  };
  const csrf = options.csrfToken === undefined ? csrfFromPage() : options.csrfToken;
  if (csrf) headers['X-CSRF-Token'] = csrf;

  const created = await fetchImpl(options.url ?? DIRECT_UPLOADS_URL, {
    method: 'POST',
    headers,
    credentials: 'same-origin',
    signal: options.signal,
    body: JSON.stringify({
      blob: { filename: file.name, content_type: file.type || 'application/octet-stream', byte_size: file.size, checksum },
    }),
  });
  const record = created.ok ? createdBlobSchema.safeParse(await created.json().catch(() => undefined)) : undefined;
  if (!record?.success) {
    throw new Error(`Error creating Blob for "${file.name}". Status: ${created.status}`);
  }

  const { signed_id, direct_upload } = record.data;
  const stored = await fetchImpl(direct_upload.url, {
    method: 'PUT',
    headers: direct_upload.headers,
    body: file.slice(0, file.size),
    signal: options.signal,
  });
  if (!stored.ok) {
    throw new Error(`Error storing "${file.name}". Status: ${stored.status}`);
  }
  return { signed_id, url: blobUrl(signed_id, file.name), name: file.name };
}

export interface UploadFormOptions extends Omit<DirectUploadOptions, 'signal'> {
  /** Called with each signed id (what the spec puts on a hidden input). */
  onSignedId?: (result: UploadResult) => void;
  /** Called with the message of a failure that was not a cancellation (the spec shows it in an alert). */
  onError?: (message: string) => void;
}

export interface UploadForm {
  /** Upload the files one after another. Resolves undefined when ignored (an upload is running) or failed. */
  submit(files: UploadFile[]): Promise<UploadResult[] | undefined>;
  isUploading(): boolean;
  /** Cancel the running upload; no error is reported for it. */
  cancel(): void;
}

export function createUploadForm(options: UploadFormOptions = {}): UploadForm {
  let running: AbortController | null = null;
  return {
    isUploading: () => running !== null,
    cancel: () => running?.abort(),
    async submit(files) {
      if (running) {
        return undefined;
      }
      const controller = new AbortController();
      running = controller;
      try {
        const results: UploadResult[] = [];
        for (const file of files) {
          const result = await directUpload(file, { ...options, signal: controller.signal });
          options.onSignedId?.(result);
          results.push(result);
        }
        return results;
      } catch (error) {
        if (!controller.signal.aborted) {
          options.onError?.(error instanceof Error ? error.message : String(error));
        }
        return undefined;
      } finally {
        running = null;
      }
    },
  };
}

export interface ProjectUploadOptions {
  /** Prefix for the API path; default '' (same origin). */
  baseUrl?: string;
  fetch?: typeof fetch;
  /** Bearer token (spec §7); the browser UI may rely on its session cookie instead. */
  token?: string | null;
  signal?: AbortSignal;
}

/** spec §7 POST /api/projects/{slug}/direct_uploads: the raw file in, its upload result out. */
export async function uploadProjectFile(slug: string, file: UploadFile, options: ProjectUploadOptions = {}): Promise<UploadResult> {
  const fetchImpl = options.fetch ?? ((input: RequestInfo | URL, init?: RequestInit) => fetch(input, init));
  const headers: Record<string, string> = { 'Content-Type': file.type || 'application/octet-stream', Accept: 'application/json' };
  if (options.token) headers.Authorization = `Bearer ${options.token}`;
  const response = await fetchImpl(
    `${options.baseUrl ?? ''}/api/projects/${encodeURIComponent(slug)}/direct_uploads?filename=${encodeURIComponent(file.name)}`,
    { method: 'POST', headers, body: file.slice(0, file.size), credentials: 'same-origin', signal: options.signal },
  );
  const parsed = response.ok ? z.object({ signed_id: z.string().min(1) }).safeParse(await response.json().catch(() => undefined)) : undefined;
  if (!parsed?.success) {
    throw new Error(`Failed to upload file: ${file.name}`);
  }
  return { signed_id: parsed.data.signed_id, url: blobUrl(parsed.data.signed_id, file.name), name: file.name };
}
