import { type ActionFunctionArgs, type LoaderFunctionArgs } from '@remix-run/node';
import { requireUser } from '~/lib/.server/auth';
import { parseJsonBody } from '~/lib/.server/http/body';
import { byMethod, handle } from '~/lib/.server/http/respond';
import { createProject, listProjects } from '~/lib/.server/projects';
import { createProjectBody, maxProjectBodyBytes } from '~/lib/.server/projects/request-schemas';

export const loader = ({ request }: LoaderFunctionArgs) =>
  handle(async () => {
    const viewer = await requireUser(request);
    return Response.json({ projects: await listProjects(viewer) });
  });

export const action = ({ request }: ActionFunctionArgs) =>
  byMethod(request, {
    POST: async () => {
      const viewer = await requireUser(request);
      const { project } = await parseJsonBody(request, createProjectBody, { maxBytes: maxProjectBodyBytes() });
      return Response.json(await createProject(viewer, project), { status: 201 });
    },
  });
