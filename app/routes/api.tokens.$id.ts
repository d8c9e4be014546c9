import { type ActionFunctionArgs } from '@remix-run/node';
import { requireAccount, revokeApiToken } from '~/lib/.server/auth';
import { getDb } from '~/lib/.server/db/client';
import { byMethod, methodNotAllowed } from '~/lib/.server/http/respond';

export const loader = () => methodNotAllowed(['DELETE']);

export const action = ({ request, params }: ActionFunctionArgs) =>
  byMethod(request, {
    DELETE: async () => {
      const viewer = await requireAccount(request);
      await revokeApiToken(await getDb(), viewer.id, params.id ?? '');
      return new Response(null, { status: 204 });
    },
  });
