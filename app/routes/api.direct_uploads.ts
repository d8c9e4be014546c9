import { type ActionFunctionArgs } from '@remix-run/node';
import { requireUser } from '~/lib/.server/auth';
import { parseJsonBody } from '~/lib/.server/http/body';
import { byMethod, methodNotAllowed } from '~/lib/.server/http/respond';
import { createDirectUpload, directUploadInputSchema } from '~/lib/.server/uploads';

export const loader = () => methodNotAllowed(['POST']);

/** spec §7 direct upload, step 1: create the blob record; the answer says where to PUT the bytes. */
export const action = ({ request }: ActionFunctionArgs) =>
  byMethod(request, {
    POST: async () => {
      const viewer = await requireUser(request);
      const input = await parseJsonBody(request, directUploadInputSchema);
      return Response.json(await createDirectUpload(viewer, input, new URL(request.url).origin), { status: 201 });
    },
  });
