import { type LoaderFunctionArgs } from '@remix-run/node';
import { requireUser } from '~/lib/.server/auth';
import { issueCorsToken } from '~/lib/.server/cors-token';
import { getEnv } from '~/lib/.server/env';
import { UnauthorizedError } from '~/lib/.server/http/errors';
import { errorResponse, methodNotAllowed } from '~/lib/.server/http/respond';

/** spec §3 CORS token response: {token, expiresAt} (seconds), or 401 {errorMessage}. */
export async function loader({ request }: LoaderFunctionArgs): Promise<Response> {
  try {
    const viewer = await requireUser(request);
    return Response.json(issueCorsToken(viewer.id, { secret: getEnv().SESSION_SECRET }), {
      headers: { 'Cache-Control': 'no-store' },
    });
  } catch (error) {
    if (error instanceof UnauthorizedError) {
      return Response.json({ errorMessage: error.errors.join(' ') }, { status: 401 });
    }
    return errorResponse(error);
  }
}

export const action = () => methodNotAllowed(['GET']);
