import { type LoaderFunctionArgs } from '@remix-run/node';
import { getUser } from '~/lib/.server/auth';
import { handle, methodNotAllowed } from '~/lib/.server/http/respond';
import { contentDisposition, isInlineContentType, readBlob } from '~/lib/.server/uploads';

/**
 * A stored binary. User bytes are served from Kiln's own origin, so nothing may run: no sniffing, a
 * sandboxing CSP, and anything but a raster image is a download.
 */
export const loader = ({ request, params }: LoaderFunctionArgs) =>
  handle(async () => {
    const blob = await readBlob(params.signedId ?? '', await getUser(request));
    const inline = isInlineContentType(blob.contentType);
    return new Response(request.method === 'HEAD' ? null : (blob.bytes as Uint8Array<ArrayBuffer>), {
      headers: {
        'Content-Type': blob.contentType,
        'Content-Length': String(blob.bytes.byteLength),
        'X-Content-Type-Options': 'nosniff',
        'Content-Security-Policy': "default-src 'none'; sandbox",
        'Content-Disposition': contentDisposition(inline ? 'inline' : 'attachment', blob.filename),
        'Cache-Control': 'private, max-age=300',
        ETag: `"${blob.checksum}"`,
      },
    });
  });

export const action = () => methodNotAllowed(['GET']);
