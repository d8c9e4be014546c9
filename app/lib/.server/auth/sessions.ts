import { and, eq, gt } from 'drizzle-orm';
import { type Db } from '../db/client';
import { sessions, users } from '../db/schema';
import { hashSecret, newSecret } from './secrets';

const DAY_MS = 24 * 60 * 60 * 1000;
/** Accounts sign in again after 30 days; guests keep their browser-bound projects for a year. */
export const ACCOUNT_SESSION_MS = 30 * DAY_MS;
export const GUEST_SESSION_MS = 365 * DAY_MS;

export type IssuedSession = { cookieValue: string; expiresAt: Date; maxAgeSeconds: number };

export async function createSession(db: Db, userId: string, options: { guest: boolean }): Promise<IssuedSession> {
  const lifetime = options.guest ? GUEST_SESSION_MS : ACCOUNT_SESSION_MS;
  const cookieValue = newSecret('');
  const expiresAt = new Date(Date.now() + lifetime);
  await db.insert(sessions).values({ id: hashSecret(cookieValue), userId, expiresAt });
  return { cookieValue, expiresAt, maxAgeSeconds: Math.floor(lifetime / 1000) };
}

export async function deleteSession(db: Db, cookieValue: string): Promise<void> {
  await db.delete(sessions).where(eq(sessions.id, hashSecret(cookieValue)));
}

export async function findSessionUser(db: Db, cookieValue: string) {
  const [row] = await db
    .select({ user: users })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(and(eq(sessions.id, hashSecret(cookieValue)), gt(sessions.expiresAt, new Date())))
    .limit(1);
  return row?.user;
}
