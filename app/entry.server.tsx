/**
 * Server rendering of documents. Bots get the whole page at once; browsers get it streamed from the
 * shell. With RUNTIME=webcontainer every document is cross-origin isolated (COOP/COEP), so client
 * navigation between Kiln's pages keeps the isolation WebContainer needs.
 */
import { PassThrough } from 'node:stream';
import { createReadableStreamFromReadable, type EntryContext } from '@remix-run/node';
import { RemixServer } from '@remix-run/react';
import { isbot } from 'isbot';
import { renderToPipeableStream } from 'react-dom/server';
import { crossOriginIsolationHeaders } from '~/lib/.server/cross-origin-isolation';
import { getEnv } from '~/lib/.server/env';

const RENDER_TIMEOUT_MS = 5_000;

function addDocumentHeaders(request: Request, headers: Headers): void {
  const userAgent = request.headers.get('user-agent');
  const isolation = crossOriginIsolationHeaders(getEnv().RUNTIME, userAgent);
  for (const [name, value] of Object.entries(isolation)) {
    headers.set(name, value);
  }
  if (Object.keys(isolation).length > 0) {
    headers.append('Vary', 'User-Agent');
  }
  headers.set('Content-Type', 'text/html; charset=utf-8');
  headers.set('X-Content-Type-Options', 'nosniff');
  headers.set('Referrer-Policy', 'strict-origin-when-cross-origin');
}

export default function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  remixContext: EntryContext,
): Promise<Response> {
  const waitForEverything = isbot(request.headers.get('user-agent') ?? '') || remixContext.isSpaMode;
  addDocumentHeaders(request, responseHeaders);

  return new Promise((resolve, reject) => {
    let status = responseStatusCode;
    let shellRendered = false;
    const respond = () => {
      shellRendered = true;
      const body = new PassThrough();
      resolve(new Response(createReadableStreamFromReadable(body), { headers: responseHeaders, status }));
      pipe(body);
    };
    const { pipe, abort } = renderToPipeableStream(
      <RemixServer context={remixContext} url={request.url} abortDelay={RENDER_TIMEOUT_MS} />,
      {
        onShellReady: waitForEverything ? undefined : respond,
        onAllReady: waitForEverything ? respond : undefined,
        onShellError: reject,
        onError(error: unknown) {
          status = 500;
          // Errors before the shell is rendered reject and are logged by Remix itself.
          if (shellRendered) {
            console.error(error);
          }
        },
      },
    );
    setTimeout(abort, RENDER_TIMEOUT_MS + 1_000);
  });
}
