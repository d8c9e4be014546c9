import { type ActionFunctionArgs, type LoaderFunctionArgs } from '@remix-run/node';
import { z } from 'zod';
import { getUser, requireUser } from '~/lib/.server/auth';
import { getEnv } from '~/lib/.server/env';
import { parseJsonBody } from '~/lib/.server/http/body';
import { byMethod, handle } from '~/lib/.server/http/respond';
import { listSnapshots, parseSnapshotJson, saveSnapshot } from '~/lib/.server/snapshots';

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
    POST: async () => {
      const viewer = await requireUser(request);
      // A string inside JSON can take up to ~6 bytes per content byte; the real size check is on the map.
      const body = await parseJsonBody(request, saveSnapshotSchema, { maxBytes: getEnv().MAX_PROJECT_BYTES * 6 + 65_536 });
      const entries = parseSnapshotJson(body.snapshot);
      const saved = await saveSnapshot(params.projectId ?? '', viewer, {
        messageId: body.id,
        entries,
        title: body.title,
        finalized: body.finalized,
      });
      return Response.json(saved, { status: 201 });
    },
  });
