import { type ActionFunctionArgs } from '@remix-run/node';
import { getUser, logIn, logInSchema } from '~/lib/.server/auth';
import { assertLoginAllowed, recordLoginFailure } from '~/lib/.server/auth/login-throttle';
import { getDb } from '~/lib/.server/db/client';
import { parseJsonBody } from '~/lib/.server/http/body';
import { UnauthorizedError } from '~/lib/.server/http/errors';
import { byMethod, methodNotAllowed } from '~/lib/.server/http/respond';
import { jsonWithSession } from '~/lib/.server/http/session-response';

export const loader = () => methodNotAllowed(['POST']);

export const action = ({ request }: ActionFunctionArgs) =>
  byMethod(request, {
    POST: async () => {
      const input = await parseJsonBody(request, logInSchema);
      assertLoginAllowed(request, input.email);
      try {
        const { user, session } = await logIn(await getDb(), input, await getUser(request));
        return jsonWithSession(request, { user }, session);
      } catch (error) {
        if (error instanceof UnauthorizedError) {
          recordLoginFailure(request, input.email);
        }
        throw error;
      }
    },
  });
