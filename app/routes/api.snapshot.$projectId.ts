import { type ActionFunctionArgs, type LoaderFunctionArgs } from '@remix-run/node';
import { z } from 'zod';
import { getUser, requireUser } from '~/lib/.server/auth';
import { getEnv } from '~/lib/.server/env';
import { parseJsonBody } from '~/lib/.server/http/body';
import { byMethod, handle } from '~/lib/.server/http/respond';
import { listSnapshots, parseSnapshotJson, saveSnapshot } from '~/lib/.server/snapshots';
import { respondDrainingBody } from '~/lib/.server/uploads';

/** spec §7 POST /api/snapshot/{projectId}: the map travels as a JSON string inside the JSON body. */
const saveSnapshotSchema = z
  .object({
    id: z.string().min(1).max(200),
    snapshot: z.string(),
    title: z.string().max(500).optional(),
    finalized: z.boolean().optional(),
  })
  .strict();

export const loader = ({ request, params }: LoaderFunctionArgs) =>
  handle(async () => {
    const snapshots = await listSnapshots(params.projectId ?? '', await getUser(request));
    return Response.json({ snapshots });
  });

export const action = ({ request, params }: ActionFunctionArgs) =>
  byMethod(request, {
    // Snapshots are big bodies: a refusal before reading one must not leave it on the connection.
    POST: () =>
      respondDrainingBody(request, async () => {
        const viewer = await requireUser(request);
        // The map travels JSON-escaped inside JSON; the exact size check is on the parsed map.
        const body = await parseJsonBody(request, saveSnapshotSchema, { maxBytes: getEnv().MAX_PROJECT_BYTES * 3 + 65_536 });
        const entries = parseSnapshotJson(body.snapshot);
        const saved = await saveSnapshot(params.projectId ?? '', viewer, {
          messageId: body.id,
          entries,
          title: body.title,
          finalized: body.finalized,
        });
        return Response.json(saved, { status: 201 });
      }),
  });
