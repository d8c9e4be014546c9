import { APICallError, JSONParseError, RetryError } from 'ai';
import { describe, expect, it } from 'vitest';
import { describeProviderError } from './provider-errors';

function httpError(statusCode: number | undefined, message = 'provider text', cause?: unknown): APICallError {
  return new APICallError({ message, url: 'http://127.0.0.1:11434/v1/chat/completions', requestBodyValues: {}, statusCode, cause });
}

describe('describeProviderError', () => {
  it.each([
    { name: '401', error: httpError(401), code: 'api-error', retryable: false, text: /rejected the API key/ },
    { name: '403', error: httpError(403), code: 'api-error', retryable: false, text: /rejected the API key/ },
    { name: '404', error: httpError(404), code: 'api-error', retryable: false, text: /does not serve the model "llama3"/ },
    { name: '429', error: httpError(429), code: 'rate-limited', retryable: true, text: /rate-limiting/ },
    { name: '413', error: httpError(413), code: 'request-too-large', retryable: false, text: /too large/ },
    { name: '400 context length', error: httpError(400, "This model's maximum context length is 8192 tokens"), code: 'request-too-large', retryable: false, text: /too large/ },
    { name: '400 other', error: httpError(400, 'bad temperature'), code: 'api-error', retryable: false, text: /refused the request \(HTTP 400\).*bad temperature/ },
    { name: '529', error: httpError(529), code: 'overloaded', retryable: true, text: /overloaded/ },
    { name: '502', error: httpError(502), code: 'api-error', retryable: true, text: /failed \(HTTP 502\)/ },
    { name: 'no status (refused)', error: httpError(undefined, 'Cannot connect to API: connect ECONNREFUSED'), code: 'network-error', retryable: true, text: /Could not reach the model provider at http:\/\/127\.0\.0\.1:11434/ },
    { name: '200 broken mid-stream', error: httpError(200, 'Failed to process', new TypeError('terminated')), code: 'network-error', retryable: true, text: /broke during the answer/ },
    { name: '200 unreadable', error: httpError(200, 'Failed to process', new SyntaxError('x')), code: 'bad-server-response', retryable: true, text: /could not read/ },
    { name: 'bad JSON', error: new JSONParseError({ text: '{', cause: new SyntaxError('Unexpected end') }), code: 'bad-server-response', retryable: true, text: /could not read/ },
    { name: 'retries exhausted', error: new RetryError({ message: 'failed after 3 attempts', reason: 'maxRetriesExceeded', errors: [httpError(500), httpError(429)] }), code: 'rate-limited', retryable: true, text: /HTTP 429/ },
    { name: 'anything else', error: new Error('boom'), code: 'unknown', retryable: true, text: /The model call failed: boom/ },
  ])('$name → $code', ({ error, code, retryable, text }) => {
    const part = describeProviderError(error, 'llama3');
    expect(part).toMatchObject({ type: 'error', code, retryable });
    expect(part.message).toMatch(text);
  });

  it('keeps long provider messages short', () => {
    expect(describeProviderError(httpError(500, 'x'.repeat(5000)), 'm').message.length).toBeLessThan(400);
  });
});
