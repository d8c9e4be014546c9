import { type ActionFunctionArgs } from '@remix-run/node';
import { getUser, signUp, signUpSchema } from '~/lib/.server/auth';
import { getDb } from '~/lib/.server/db/client';
import { parseJsonBody } from '~/lib/.server/http/body';
import { byMethod, methodNotAllowed } from '~/lib/.server/http/respond';
import { jsonWithSession } from '~/lib/.server/http/session-response';

export const loader = () => methodNotAllowed(['POST']);

export const action = ({ request }: ActionFunctionArgs) =>
  byMethod(request, {
    POST: async () => {
      const input = await parseJsonBody(request, signUpSchema);
      const { user, session } = await signUp(await getDb(), input, await getUser(request));
      return jsonWithSession(request, { user }, session, 201);
    },
  });
