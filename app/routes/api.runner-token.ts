/**
 * GET /api/runner-token?sandbox=<id>: a fresh runner token for a sandbox this session already had one
 * for. Runner tokens last 10 minutes; a client that reconnects later needs a new one. The expired
 * token (header `X-Runner-Token`) proves the sandbox was issued to this viewer: sandbox ids also
 * appear in preview addresses, so an id alone must not be enough.
 */
import { type LoaderFunctionArgs } from '@remix-run/node';
import { z } from 'zod';
import { SANDBOX_ID_PATTERN } from '../../protocol/runner';
import { signRunnerToken, verifyRunnerToken } from '../../protocol/token';
import { requireUser } from '~/lib/.server/auth';
import { getEnv } from '~/lib/.server/env';
import { BadRequestError, ForbiddenError } from '~/lib/.server/http/errors';
import { handle } from '~/lib/.server/http/respond';

export const RUNNER_TOKEN_HEADER = 'x-runner-token';

const querySchema = z.object({ sandbox: z.string().regex(SANDBOX_ID_PATTERN, 'sandbox must be a sandbox id') });

/** Signs a new token when `previous` is a genuine token (expired or not) for this sandbox and viewer. */
export function renewRunnerToken(input: { sandboxId: string; previous: string; viewerId: string; secret: string; now?: number }): string | null {
  // Expiry is ignored on purpose (now = 0): an expired token is the normal case here.
  const payload = verifyRunnerToken(input.previous, input.secret, 0);
  if (!payload || payload.sid !== input.sandboxId || payload.uid !== input.viewerId) {
    return null;
  }
  return signRunnerToken({ sandboxId: input.sandboxId, userId: input.viewerId, now: input.now }, input.secret);
}

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
