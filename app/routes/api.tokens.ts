import { type ActionFunctionArgs, type LoaderFunctionArgs } from '@remix-run/node';
import { z } from 'zod';
import { createApiToken, listApiTokens, requireAccount } from '~/lib/.server/auth';
import { getDb } from '~/lib/.server/db/client';
import { parseJsonBody } from '~/lib/.server/http/body';
import { byMethod, handle } from '~/lib/.server/http/respond';

const createTokenSchema = z.object({ name: z.string().trim().min(1).max(100) }).strict();

export const loader = ({ request }: LoaderFunctionArgs) =>
  handle(async () => {
    const viewer = await requireAccount(request);
    return Response.json({ tokens: await listApiTokens(await getDb(), viewer.id) });
  });

export const action = ({ request }: ActionFunctionArgs) =>
  byMethod(request, {
    POST: async () => {
      const viewer = await requireAccount(request);
      const { name } = await parseJsonBody(request, createTokenSchema);
      return Response.json(await createApiToken(await getDb(), viewer.id, name), { status: 201 });
    },
  });
