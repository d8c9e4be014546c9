import { and, eq } from 'drizzle-orm';
import { z } from 'zod';
import { type Db } from '../db/client';
import { isUniqueViolation } from '../db/errors';
import { blobs, projects, users } from '../db/schema';
import { ConflictError, UnauthorizedError } from '../http/errors';
import { decoyHash, hashPassword, verifyPassword } from './password';
import { newId } from './secrets';
import { createSession, type IssuedSession } from './sessions';
import { type Viewer } from './viewer';

export const signUpSchema = z
  .object({
    email: z.string().trim().toLowerCase().email().max(254),
    password: z.string().min(8, 'Password must be at least 8 characters').max(1024),
    username: z
      .string()
      .trim()
      .toLowerCase()
      .regex(/^[a-z0-9_-]{3,32}$/, 'Username must be 3–32 characters of a–z, 0–9, _ or -'),
  })
  .strict();

export const logInSchema = z.object({ email: z.string().trim().toLowerCase().max(254), password: z.string().max(1024) }).strict();

export type PublicUser = { id: string; email: string; username: string };
export type SignedIn = { user: PublicUser; session: IssuedSession };

function publicUser(row: { id: string; email: string | null; username: string | null }): PublicUser {
  return { id: row.id, email: row.email ?? '', username: row.username ?? '' };
}

/** Hand a guest's projects and uploads to an account, then forget the guest (and its sessions). */
async function adoptGuest(tx: Db, guestId: string, userId: string): Promise<void> {
  await tx.update(projects).set({ ownerId: userId }).where(eq(projects.ownerId, guestId));
  await tx.update(projects).set({ lastEditorId: userId }).where(eq(projects.lastEditorId, guestId));
  await tx.update(blobs).set({ ownerId: userId }).where(eq(blobs.ownerId, guestId));
  await tx.delete(users).where(and(eq(users.id, guestId), eq(users.isGuest, true)));
}

/** Create an account and a session. A guest caller's projects move to the new account. */
export async function signUp(db: Db, input: z.infer<typeof signUpSchema>, caller: Viewer | null): Promise<SignedIn> {
  const passwordHash = await hashPassword(input.password);
  const id = newId();
  try {
    const row = await db.transaction(async (tx) => {
      const [created] = await tx
        .insert(users)
        .values({ id, email: input.email, username: input.username, passwordHash })
        .returning();
      if (caller?.isGuest) {
        await adoptGuest(tx, caller.id, id);
      }
      return created;
    });
    return { user: publicUser(row), session: await createSession(db, id, { guest: false }) };
  } catch (error) {
    if (isUniqueViolation(error, 'users_email_unique')) {
      throw new ConflictError('Email is already taken');
    }
    if (isUniqueViolation(error, 'users_username_unique')) {
      throw new ConflictError('Username is already taken');
    }
    throw error;
  }
}

/** Check credentials and open a session; the same 401 for an unknown email and a wrong password. */
export async function logIn(db: Db, input: z.infer<typeof logInSchema>, caller: Viewer | null): Promise<SignedIn> {
  const [row] = await db
    .select()
    .from(users)
    .where(and(eq(users.email, input.email), eq(users.isGuest, false)))
    .limit(1);
  const valid = await verifyPassword(input.password, row?.passwordHash ?? (await decoyHash()));
  if (!row || !valid) {
    throw new UnauthorizedError('Invalid email or password');
  }
  if (caller?.isGuest) {
    await db.transaction((tx) => adoptGuest(tx, caller.id, row.id));
  }
  return { user: publicUser(row), session: await createSession(db, row.id, { guest: false }) };
}

/** A new guest identity with its own session (first project created by an anonymous visitor). */
export async function createGuest(db: Db): Promise<{ viewer: Viewer; session: IssuedSession }> {
  const id = newId();
  await db.insert(users).values({ id, isGuest: true });
  const session = await createSession(db, id, { guest: true });
  return { viewer: { id, email: null, username: null, isGuest: true, via: 'session' }, session };
}
