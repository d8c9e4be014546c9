import { type ActionFunctionArgs } from '@remix-run/node';
import { getUser, logIn, logInSchema } from '~/lib/.server/auth';
import { logInThrottled } from '~/lib/.server/auth/login-throttle';
import { getDb } from '~/lib/.server/db/client';
import { parseJsonBody } from '~/lib/.server/http/body';
import { byMethod, methodNotAllowed } from '~/lib/.server/http/respond';
import { jsonWithSession } from '~/lib/.server/http/session-response';

export const loader = () => methodNotAllowed(['POST']);

export const action = ({ request }: ActionFunctionArgs) =>
  byMethod(request, {
    POST: async () => {
      const input = await parseJsonBody(request, logInSchema);
      const caller = await getUser(request);
      const { user, session } = await logInThrottled(request, input, async () => logIn(await getDb(), input, caller));
      return jsonWithSession(request, { user }, session);
    },
  });
