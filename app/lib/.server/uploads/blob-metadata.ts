import { createHash } from 'node:crypto';
import { z } from 'zod';

/** The largest blob Kiln accepts (direct or project upload). */
export const MAX_BLOB_BYTES = 50 * 1024 * 1024;
export const DEFAULT_CONTENT_TYPE = 'application/octet-stream';

const CONTENT_TYPE = /^[a-z0-9][a-z0-9!#$&^_.+-]*\/[a-z0-9][a-z0-9!#$&^_.+-]*(\s*;\s*[a-z0-9_-]+=("[^"\r\n]*"|[^\s;"]+))*$/i;

/** Base64 of 16 bytes, as browsers send an MD5 checksum. */
export const md5ChecksumSchema = z.string().regex(/^[A-Za-z0-9+/]{22}==$/, 'checksum must be a base64 MD5 digest');

export const filenameSchema = z
  .string()
  .trim()
  .min(1, 'filename is required')
  .max(255)
  .refine(
    (name) => ![...name].some((c) => c.charCodeAt(0) < 0x20 || c === '\u007f' || c === '/' || c === '\\'),
    'filename must not contain slashes or control characters',
  )
  .refine((name) => name !== '.' && name !== '..', 'filename must not be "." or ".."');

export const contentTypeSchema = z.string().trim().max(255).regex(CONTENT_TYPE, 'content_type must be a MIME type');

export function md5Base64(bytes: Uint8Array): string {
  return createHash('md5').update(bytes).digest('base64');
}

/** Raster images are safe to show inline; everything else (SVG and HTML included) is a download. */
const INLINE_TYPES = new Set(['image/png', 'image/jpeg', 'image/gif', 'image/webp', 'image/avif', 'image/bmp', 'image/x-icon', 'image/vnd.microsoft.icon']);

export function isInlineContentType(contentType: string): boolean {
  return INLINE_TYPES.has(contentType.split(';')[0].trim().toLowerCase());
}

/** Content-Disposition with an ASCII fallback and the exact UTF-8 name (RFC 6266 / 5987). */
export function contentDisposition(kind: 'inline' | 'attachment', filename: string): string {
  const fallback = filename.replace(/[^\x20-\x7e]|["\\%]/g, '_');
  const encoded = encodeURIComponent(filename).replace(/['()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
  return `${kind}; filename="${fallback}"; filename*=UTF-8''${encoded}`;
}
