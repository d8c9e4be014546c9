import { createHash, createHmac } from 'node:crypto';

/** AWS Signature Version 4 (header form), for S3-compatible stores. No SDK: only node:crypto. */

export type SigV4Credentials = { accessKeyId: string; secretAccessKey: string };

export type SigV4Input = {
  method: string;
  url: URL;
  /** Headers to sign besides host and x-amz-*; names in any case. */
  headers?: Record<string, string>;
  /** Hex SHA-256 of the body, or 'UNSIGNED-PAYLOAD'. */
  payloadHash: string;
  region: string;
  service: string;
  credentials: SigV4Credentials;
  date: Date;
};

export const EMPTY_SHA256 = 'e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855';

export function sha256Hex(data: string | Uint8Array): string {
  return createHash('sha256').update(data).digest('hex');
}

/** RFC 3986 encoding as SigV4 wants it: everything but unreserved characters, uppercase hex. */
export function uriEncode(value: string): string {
  return encodeURIComponent(value).replace(/[!'()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
}

/** 20130524T000000Z */
export function amzDate(date: Date): string {
  return date.toISOString().replace(/[-:]/g, '').replace(/\.\d{3}/, '');
}

/** S3 flavour: the path is encoded once, segment by segment, and never normalised. */
function canonicalUri(url: URL): string {
  const path = url.pathname || '/';
  return path
    .split('/')
    .map((segment) => uriEncode(decodeURIComponent(segment)))
    .join('/');
}

function canonicalQuery(url: URL): string {
  return [...url.searchParams.entries()]
    .map(([key, value]) => [uriEncode(key), uriEncode(value)])
    .sort(([ak, av], [bk, bv]) => (ak === bk ? (av < bv ? -1 : av > bv ? 1 : 0) : ak < bk ? -1 : 1))
    .map(([key, value]) => `${key}=${value}`)
    .join('&');
}

export function canonicalRequest(input: {
  method: string;
  url: URL;
  headers: Record<string, string>;
  payloadHash: string;
}): { text: string; signedHeaders: string } {
  const lowered = new Map<string, string>();
  for (const [name, value] of Object.entries(input.headers)) {
    lowered.set(name.toLowerCase(), value.trim().replace(/\s+/g, ' '));
  }
  const names = [...lowered.keys()].sort();
  const signedHeaders = names.join(';');
  const text = [
    input.method.toUpperCase(),
    canonicalUri(input.url),
    canonicalQuery(input.url),
    names.map((name) => `${name}:${lowered.get(name)}\n`).join(''),
    signedHeaders,
    input.payloadHash,
  ].join('\n');
  return { text, signedHeaders };
}

export function signingKey(secretAccessKey: string, day: string, region: string, service: string): Buffer {
  const hmac = (key: string | Buffer, data: string) => createHmac('sha256', key).update(data).digest();
  return hmac(hmac(hmac(hmac(`AWS4${secretAccessKey}`, day), region), service), 'aws4_request');
}

export function stringToSign(timestamp: string, scope: string, canonicalRequestText: string): string {
  return ['AWS4-HMAC-SHA256', timestamp, scope, sha256Hex(canonicalRequestText)].join('\n');
}

/** The headers to send: the given ones plus host, x-amz-date, x-amz-content-sha256 and Authorization. */
export function signRequest(input: SigV4Input): Record<string, string> {
  const timestamp = amzDate(input.date);
  const day = timestamp.slice(0, 8);
  const headers: Record<string, string> = {
    ...input.headers,
    host: input.url.host,
    'x-amz-content-sha256': input.payloadHash,
    'x-amz-date': timestamp,
  };
  const canonical = canonicalRequest({ method: input.method, url: input.url, headers, payloadHash: input.payloadHash });
  const scope = `${day}/${input.region}/${input.service}/aws4_request`;
  const signature = createHmac('sha256', signingKey(input.credentials.secretAccessKey, day, input.region, input.service))
    .update(stringToSign(timestamp, scope, canonical.text))
    .digest('hex');
  const authorization =
    `AWS4-HMAC-SHA256 Credential=${input.credentials.accessKeyId}/${scope}, ` +
    `SignedHeaders=${canonical.signedHeaders}, Signature=${signature}`;
  // fetch sets Host itself from the URL; sending it again is refused by undici.
  const { host: _host, ...rest } = headers;
  return { ...rest, authorization };
}
