import { type ActionFunctionArgs, type LoaderFunctionArgs } from '@remix-run/node';
import { getUser, requireUser } from '~/lib/.server/auth';
import { parseJsonBody } from '~/lib/.server/http/body';
import { byMethod, handle } from '~/lib/.server/http/respond';
import { listMessages, saveMessages } from '~/lib/.server/projects';
import { MESSAGES_MAX_BODY_BYTES, saveMessagesBody } from '~/lib/.server/projects/request-schemas';

export const loader = ({ request, params }: LoaderFunctionArgs) =>
  handle(async () => Response.json({ messages: await listMessages(params.slug ?? '', await getUser(request)) }));

export const action = ({ request, params }: ActionFunctionArgs) =>
  byMethod(request, {
    POST: async () => {
      const viewer = await requireUser(request);
      const { messages } = await parseJsonBody(request, saveMessagesBody, { maxBytes: MESSAGES_MAX_BODY_BYTES });
      await saveMessages(params.slug ?? '', viewer, messages);
      return Response.json({ success: true });
    },
  });
