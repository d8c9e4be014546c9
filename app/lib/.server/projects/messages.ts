import { asc, eq, sql } from 'drizzle-orm';
import { z } from 'zod';
import { type Viewer } from '../auth/viewer';
import { getDb } from '../db/client';
import { chatMessages, snapshots } from '../db/schema';
import { BadRequestError } from '../http/errors';
import { assertOwner, assertReadable, findProject } from './access';

export const chatMessageInputSchema = z
  .object({
    id: z.string().min(1).max(200),
    role: z.enum(['user', 'assistant']),
    content: z.string().max(2_000_000),
  })
  .strict();
export type ChatMessageInput = z.infer<typeof chatMessageInputSchema>;

export type ChatMessage = ChatMessageInput & { createdAt: string };

/** A project's chat in conversation order; readable by whoever can read the project. */
export async function listMessages(idOrSlug: string, viewer: Viewer | null): Promise<ChatMessage[]> {
  const db = await getDb();
  const project = assertReadable(await findProject(db, idOrSlug), viewer);
  const rows = await db
    .select()
    .from(chatMessages)
    .where(eq(chatMessages.projectId, project.id))
    .orderBy(asc(chatMessages.position), asc(chatMessages.createdAt));
  return rows.map((row) => ({ id: row.id, role: row.role, content: row.content, createdAt: row.createdAt.toISOString() }));
}

/**
 * Upsert messages by id (owner only). New ids are appended after the existing conversation in the
 * order given; known ids keep their place and get the new role/content (a streamed answer growing).
 */
export async function saveMessages(idOrSlug: string, viewer: Viewer, messages: ChatMessageInput[]): Promise<void> {
  const ids = new Set(messages.map((message) => message.id));
  if (ids.size !== messages.length) {
    throw new BadRequestError([{ field: 'messages', message: 'duplicate message id' }]);
  }
  const db = await getDb();
  await db.transaction(async (tx) => {
    const project = assertOwner(await findProject(tx, idOrSlug, { forUpdate: true }), viewer);
    if (messages.length === 0) return;
    const [{ next }] = await tx
      .select({ next: sql<number>`coalesce(max(${chatMessages.position}), -1)::int + 1` })
      .from(chatMessages)
      .where(eq(chatMessages.projectId, project.id));
    await tx
      .insert(chatMessages)
      .values(messages.map((message, index) => ({ ...message, projectId: project.id, position: next + index })))
      .onConflictDoUpdate({
        target: [chatMessages.projectId, chatMessages.id],
        set: { role: sql`excluded.role`, content: sql`excluded.content` },
      });
  });
}

/** Copy chat and snapshots from one project to another (spec: POST /api/project/duplicate). */
export async function duplicateProjectHistory(viewer: Viewer, fromIdOrSlug: string, toIdOrSlug: string): Promise<void> {
  const db = await getDb();
  await db.transaction(async (tx) => {
    const from = assertReadable(await findProject(tx, fromIdOrSlug), viewer);
    const to = assertOwner(await findProject(tx, toIdOrSlug, { forUpdate: true }), viewer);
    if (from.id === to.id) {
      throw new BadRequestError('Cannot duplicate a project into itself');
    }
    await tx.execute(sql`
      INSERT INTO ${chatMessages} (project_id, id, role, content, position, created_at)
      SELECT ${to.id}, id, role, content, position, created_at FROM ${chatMessages} WHERE project_id = ${from.id}
      ON CONFLICT DO NOTHING`);
    await tx.execute(sql`
      INSERT INTO ${snapshots} (project_id, message_id, title, finalized, entries, created_at)
      SELECT ${to.id}, message_id, title, finalized, entries, created_at FROM ${snapshots} WHERE project_id = ${from.id}
      ON CONFLICT DO NOTHING`);
  });
}
