import { createHmac } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { canonicalRequest, EMPTY_SHA256, sha256Hex, signingKey, signRequest, stringToSign } from './sigv4';

// Published AWS examples: the S3 "GET Object" example of the SigV4 header-auth documentation, and the
// SigV4 test suite's get-vanilla case. Their credentials are AWS's documented example keys.
const S3_EXAMPLE = { accessKeyId: 'AKIAIOSFODNN7EXAMPLE', secretAccessKey: 'wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY' };
const SUITE = { accessKeyId: 'AKIDEXAMPLE', secretAccessKey: 'wJalrXUtnFEMI/K7MDENG+bPxRfiCYEXAMPLEKEY' };

describe('SigV4 signer', () => {
  it('builds the S3 GET Object example canonical request exactly', () => {
    const { text, signedHeaders } = canonicalRequest({
      method: 'GET',
      url: new URL('https://examplebucket.s3.amazonaws.com/test.txt'),
      headers: {
        Host: 'examplebucket.s3.amazonaws.com',
        Range: 'bytes=0-9',
        'x-amz-content-sha256': EMPTY_SHA256,
        'x-amz-date': '20130524T000000Z',
      },
      payloadHash: EMPTY_SHA256,
    });
    expect(text).toBe(
      [
        'GET',
        '/test.txt',
        '',
        'host:examplebucket.s3.amazonaws.com',
        'range:bytes=0-9',
        `x-amz-content-sha256:${EMPTY_SHA256}`,
        'x-amz-date:20130524T000000Z',
        '',
        'host;range;x-amz-content-sha256;x-amz-date',
        EMPTY_SHA256,
      ].join('\n'),
    );
    expect(signedHeaders).toBe('host;range;x-amz-content-sha256;x-amz-date');
  });

  it.each([
    {
      name: 'S3 GET Object example',
      url: 'https://examplebucket.s3.amazonaws.com/test.txt',
      headers: { Range: 'bytes=0-9' },
      date: '2013-05-24T00:00:00Z',
      region: 'us-east-1',
      service: 's3',
      credentials: S3_EXAMPLE,
      signedHeaders: 'host;range;x-amz-content-sha256;x-amz-date',
      signature: 'f0e8bdb87c964420e857bd35b5d6ed310bd44f0170aba48dd91039c6036bdb41',
    },
  ])('signs the $name with the published signature', (example) => {
    const headers = signRequest({
      method: 'GET',
      url: new URL(example.url),
      headers: example.headers,
      payloadHash: EMPTY_SHA256,
      region: example.region,
      service: example.service,
      credentials: example.credentials,
      date: new Date(example.date),
    });
    expect(headers.authorization).toBe(
      `AWS4-HMAC-SHA256 Credential=${example.credentials.accessKeyId}/${example.date.slice(0, 10).replace(/-/g, '')}/` +
        `${example.region}/${example.service}/aws4_request, SignedHeaders=${example.signedHeaders}, Signature=${example.signature}`,
    );
    expect(headers).not.toHaveProperty('host');
  });

  it('matches the test suite get-vanilla case (string to sign and signature)', () => {
    const { text } = canonicalRequest({
      method: 'GET',
      url: new URL('https://example.amazonaws.com/'),
      headers: { Host: 'example.amazonaws.com', 'X-Amz-Date': '20150830T123600Z' },
      payloadHash: EMPTY_SHA256,
    });
    expect(text).toBe(['GET', '/', '', 'host:example.amazonaws.com', 'x-amz-date:20150830T123600Z', '', 'host;x-amz-date', EMPTY_SHA256].join('\n'));
    const toSign = stringToSign('20150830T123600Z', '20150830/us-east-1/service/aws4_request', text);
    expect(toSign.split('\n')[3]).toBe(sha256Hex(text));
    const key = signingKey(SUITE.secretAccessKey, '20150830', 'us-east-1', 'service');
    expect(createHmac('sha256', key).update(toSign).digest('hex')).toBe('5fa00fa31553b73ebf1942676e86291e8372ff2a2260956d9b8aae1d763fbf31');
  });

  it('encodes query parameters sorted by name, then value, with RFC 3986 escapes', () => {
    const { text } = canonicalRequest({
      method: 'get',
      url: new URL('https://h.example/a%20b/c*d?z=1&a=2&a=1&x=a%2Fb%20c'),
      headers: { host: 'h.example' },
      payloadHash: 'UNSIGNED-PAYLOAD',
    });
    expect(text.split('\n').slice(0, 3)).toEqual(['GET', '/a%20b/c%2Ad', 'a=1&a=2&x=a%2Fb%20c&z=1']);
  });
});
