import { type ActionFunctionArgs, type LoaderFunctionArgs } from '@remix-run/node';
import { getUser, requireUser } from '~/lib/.server/auth';
import { parseJsonBody } from '~/lib/.server/http/body';
import { byMethod, handle } from '~/lib/.server/http/respond';
import { getProjectForViewer, saveProject } from '~/lib/.server/projects';
import { maxProjectBodyBytes, patchProjectBody } from '~/lib/.server/projects/request-schemas';

export const loader = ({ request, params }: LoaderFunctionArgs) =>
  handle(async () => Response.json(await getProjectForViewer(params.slug ?? '', await getUser(request))));

/** PATCH saves files (with the editedAt conflict check) and/or changes title or visibility. */
export const action = ({ request, params }: ActionFunctionArgs) =>
  byMethod(request, {
    PATCH: async () => {
      const viewer = await requireUser(request);
      const body = await parseJsonBody(request, patchProjectBody, { maxBytes: maxProjectBodyBytes() });
      return Response.json(await saveProject(params.slug ?? '', viewer, { ...body.project, editedAt: body.editedAt }));
    },
  });
