import { type LoaderFunctionArgs } from '@remix-run/node';
import { getUser } from '~/lib/.server/auth';
import { handle, methodNotAllowed } from '~/lib/.server/http/respond';
import { getSnapshot } from '~/lib/.server/snapshots';

/** spec §7 GET /api/snapshot/{projectId}/{messageId}: the snapshot's path → entry map. */
export const loader = ({ request, params }: LoaderFunctionArgs) =>
  handle(async () => {
    const files = await getSnapshot(params.projectId ?? '', await getUser(request), params.messageId ?? '');
    return Response.json(files);
  });

export const action = () => methodNotAllowed(['GET']);
