import { type ActionFunctionArgs } from '@remix-run/node';
import { requireUser } from '~/lib/.server/auth';
import { parseJsonBody } from '~/lib/.server/http/body';
import { HttpError } from '~/lib/.server/http/errors';
import { byMethod, errorResponse, methodNotAllowed } from '~/lib/.server/http/respond';
import { duplicateProjectHistory } from '~/lib/.server/projects';
import { duplicateBody } from '~/lib/.server/projects/request-schemas';

export const loader = () => methodNotAllowed(['POST']);

/** Spec §7: answers {success, error}; failures keep the usual `errors` list too. */
export const action = ({ request }: ActionFunctionArgs) =>
  byMethod(request, {
    POST: async () => {
      try {
        const viewer = await requireUser(request);
        const { fromProjectId, toProjectId } = await parseJsonBody(request, duplicateBody);
        await duplicateProjectHistory(viewer, fromProjectId, toProjectId);
        return Response.json({ success: true });
      } catch (error) {
        if (!(error instanceof HttpError)) return errorResponse(error);
        const body = { ...error.toBody(), success: false, error: error.message };
        return Response.json(body, { status: error.status, headers: error.headers });
      }
    },
  });
