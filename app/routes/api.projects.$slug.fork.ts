import { type ActionFunctionArgs } from '@remix-run/node';
import { requireUser } from '~/lib/.server/auth';
import { parseJsonBody } from '~/lib/.server/http/body';
import { byMethod, methodNotAllowed } from '~/lib/.server/http/respond';
import { forkProject } from '~/lib/.server/projects';
import { forkProjectBody, maxProjectBodyBytes } from '~/lib/.server/projects/request-schemas';

export const loader = () => methodNotAllowed(['POST']);

/** Fork any readable project (including the built-in blank `sb1`) into a new project of the caller. */
export const action = ({ request, params }: ActionFunctionArgs) =>
  byMethod(request, {
    POST: async () => {
      const viewer = await requireUser(request);
      const body = await parseJsonBody(request, forkProjectBody, { maxBytes: maxProjectBodyBytes(), allowEmpty: true });
      return Response.json(await forkProject(params.slug ?? '', viewer, body.project ?? {}), { status: 201 });
    },
  });
