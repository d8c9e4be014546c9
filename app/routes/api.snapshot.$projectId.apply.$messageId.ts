import { type ActionFunctionArgs } from '@remix-run/node';
import { requireUser } from '~/lib/.server/auth';
import { byMethod, methodNotAllowed } from '~/lib/.server/http/respond';
import { applySnapshot } from '~/lib/.server/snapshots';

export const loader = () => methodNotAllowed(['POST']);

/** spec §7: sent after the client restored the files; the project's saved files become the snapshot's. */
export const action = ({ request, params }: ActionFunctionArgs) =>
  byMethod(request, {
    POST: async () => {
      const viewer = await requireUser(request);
      return Response.json(await applySnapshot(params.projectId ?? '', viewer, params.messageId ?? ''));
    },
  });
