import { and, desc, eq, isNull } from 'drizzle-orm';
import { type Db } from '../db/client';
import { apiTokens, users } from '../db/schema';
import { NotFoundError } from '../http/errors';
import { hashSecret, newId, newSecret } from './secrets';

export const TOKEN_PREFIX = 'kiln_pat_';

export type ApiTokenSummary = { id: string; name: string; createdAt: string; lastUsedAt: string | null };

/** Create a personal access token. The plain token is returned only here; the database keeps its hash. */
export async function createApiToken(
  db: Db,
  userId: string,
  name: string,
): Promise<{ id: string; name: string; token: string }> {
  const token = newSecret(TOKEN_PREFIX);
  const id = newId();
  await db.insert(apiTokens).values({ id, userId, name, tokenHash: hashSecret(token) });
  return { id, name, token };
}

/** The caller's live (not revoked) tokens, newest first. */
export async function listApiTokens(db: Db, userId: string): Promise<ApiTokenSummary[]> {
  const rows = await db
    .select()
    .from(apiTokens)
    .where(and(eq(apiTokens.userId, userId), isNull(apiTokens.revokedAt)))
    .orderBy(desc(apiTokens.createdAt));
  return rows.map((row) => ({
    id: row.id,
    name: row.name,
    createdAt: row.createdAt.toISOString(),
    lastUsedAt: row.lastUsedAt?.toISOString() ?? null,
  }));
}

/** Revoke one of the caller's tokens; someone else's (or an unknown id) is 404, never a hint it exists. */
export async function revokeApiToken(db: Db, userId: string, tokenId: string): Promise<void> {
  const revoked = await db
    .update(apiTokens)
    .set({ revokedAt: new Date() })
    .where(and(eq(apiTokens.id, tokenId), eq(apiTokens.userId, userId), isNull(apiTokens.revokedAt)))
    .returning({ id: apiTokens.id });
  if (revoked.length === 0) {
    throw new NotFoundError('Token not found');
  }
}

/** The owner of a live token, recording its use; undefined for unknown or revoked tokens. */
export async function findTokenUser(db: Db, token: string) {
  const [row] = await db
    .select({ user: users, tokenId: apiTokens.id })
    .from(apiTokens)
    .innerJoin(users, eq(users.id, apiTokens.userId))
    .where(and(eq(apiTokens.tokenHash, hashSecret(token)), isNull(apiTokens.revokedAt)))
    .limit(1);
  if (!row) {
    return undefined;
  }
  await db.update(apiTokens).set({ lastUsedAt: new Date() }).where(eq(apiTokens.id, row.tokenId));
  return row.user;
}
