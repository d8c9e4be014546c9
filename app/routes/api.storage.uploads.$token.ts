import { type ActionFunctionArgs } from '@remix-run/node';
import { byMethod, methodNotAllowed } from '~/lib/.server/http/respond';
import { receiveDirectUpload, respondDrainingBody } from '~/lib/.server/uploads';

export const loader = () => methodNotAllowed(['PUT']);

/** spec §7 direct upload, step 2: the raw bytes. The signed token in the URL is the permission. */
export const action = ({ request, params }: ActionFunctionArgs) =>
  byMethod(request, {
    PUT: () =>
      respondDrainingBody(request, async () => {
        await receiveDirectUpload(params.token ?? '', request);
        return new Response(null, { status: 204 });
      }),
  });
