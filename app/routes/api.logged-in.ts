import { type LoaderFunctionArgs } from '@remix-run/node';
import { getUser } from '~/lib/.server/auth';
import { handle } from '~/lib/.server/http/respond';

/** Guests are not logged in: they can build, but their work is tied to one browser. */
export const loader = ({ request }: LoaderFunctionArgs) =>
  handle(async () => {
    const viewer = await getUser(request);
    return Response.json({ isLoggedIn: Boolean(viewer && !viewer.isGuest) });
  });
