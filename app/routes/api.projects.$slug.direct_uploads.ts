import { type ActionFunctionArgs } from '@remix-run/node';
import { requireUser } from '~/lib/.server/auth';
import { BadRequestError } from '~/lib/.server/http/errors';
import { byMethod, methodNotAllowed } from '~/lib/.server/http/respond';
import { contentTypeSchema, DEFAULT_CONTENT_TYPE, respondDrainingBody, filenameSchema, uploadProjectBlob } from '~/lib/.server/uploads';

export const loader = () => methodNotAllowed(['POST']);

function decode(value: string): string {
  try {
    return decodeURIComponent(value);
  } catch {
    throw new BadRequestError([{ field: 'filename', message: 'filename is not valid percent-encoding' }]);
  }
}

/** The file name comes from `?filename=` or, failing that, a percent-encoded `X-Filename` header. */
function readMeta(request: Request): { filename: string; contentType: string } {
  const raw = new URL(request.url).searchParams.get('filename') ?? decode(request.headers.get('x-filename') ?? '');
  const filename = filenameSchema.safeParse(raw);
  if (!filename.success) {
    throw new BadRequestError([{ field: 'filename', message: filename.error.issues[0].message }]);
  }
  const header = request.headers.get('content-type')?.trim();
  const contentType = header ? contentTypeSchema.safeParse(header) : undefined;
  if (contentType && !contentType.success) {
    throw new BadRequestError([{ field: 'content_type', message: contentType.error.issues[0].message }]);
  }
  return { filename: filename.data, contentType: contentType?.data ?? DEFAULT_CONTENT_TYPE };
}

/** spec §7 POST /api/projects/{slug}/direct_uploads: raw bytes in, {signed_id, filename, url} out. */
export const action = ({ request, params }: ActionFunctionArgs) =>
  byMethod(request, {
    POST: () =>
      respondDrainingBody(request, async () => {
        const viewer = await requireUser(request);
        const meta = readMeta(request);
        return Response.json(await uploadProjectBlob(params.slug ?? '', viewer, request, meta), { status: 201 });
      }),
  });
