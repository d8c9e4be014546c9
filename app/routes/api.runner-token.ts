/**
 * GET /api/runner-token?sandbox=<id>: a fresh runner token for a sandbox this session already had one
 * for. Runner tokens last 10 minutes; a client that reconnects later needs a new one. The expired
 * token (header `X-Runner-Token`) proves the sandbox was issued to this viewer: sandbox ids also
 * appear in preview addresses, so an id alone must not be enough.
 */
import { type LoaderFunctionArgs } from '@remix-run/node';
import { z } from 'zod';
import { SANDBOX_ID_PATTERN } from '../../protocol/runner';
import { requireUser } from '~/lib/.server/auth';
import { getEnv } from '~/lib/.server/env';
import { BadRequestError, ForbiddenError } from '~/lib/.server/http/errors';
import { handle } from '~/lib/.server/http/respond';
import { renewRunnerToken } from '~/lib/project/runner-token.server';

const RUNNER_TOKEN_HEADER = 'x-runner-token';

const querySchema = z.object({ sandbox: z.string().regex(SANDBOX_ID_PATTERN, 'sandbox must be a sandbox id') });

export const loader = ({ request }: LoaderFunctionArgs) =>
  handle(async () => {
    const viewer = await requireUser(request);
    const query = querySchema.safeParse(Object.fromEntries(new URL(request.url).searchParams));
    if (!query.success) {
      throw new BadRequestError(query.error.issues.map((issue) => ({ field: issue.path.join('.'), message: issue.message })));
    }
    const token = renewRunnerToken({
      sandboxId: query.data.sandbox,
      previous: request.headers.get(RUNNER_TOKEN_HEADER) ?? '',
      viewerId: viewer.id,
      secret: getEnv().SESSION_SECRET,
    });
    if (!token) {
      throw new ForbiddenError('This sandbox was not opened by you');
    }
    return Response.json({ token }, { headers: { 'Cache-Control': 'no-store' } });
  });
