import { type ActionFunctionArgs } from '@remix-run/node';
import { clearSessionCookie, deleteSession, readSessionCookie } from '~/lib/.server/auth';
import { getDb } from '~/lib/.server/db/client';
import { byMethod, methodNotAllowed } from '~/lib/.server/http/respond';

export const loader = () => methodNotAllowed(['POST']);

export const action = ({ request }: ActionFunctionArgs) =>
  byMethod(request, {
    POST: async () => {
      const cookieValue = readSessionCookie(request);
      if (cookieValue) {
        await deleteSession(await getDb(), cookieValue);
      }
      return Response.json({ success: true }, { headers: { 'Set-Cookie': clearSessionCookie(request) } });
    },
  });
