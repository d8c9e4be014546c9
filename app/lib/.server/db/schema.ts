import {
  bigint,
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';

/** Timestamps are stored with millisecond precision so editedAt round-trips exactly through JSON. */
const ms = (name: string) => timestamp(name, { withTimezone: true, precision: 3, mode: 'date' });

/**
 * A person or a guest. Guests (is_guest) have no email, username or password; they exist so an
 * anonymous visitor can reopen what they built in the same browser (docs/decisions/0003).
 */
export const users = pgTable(
  'users',
  {
    id: text('id').primaryKey(),
    email: text('email'),
    username: text('username'),
    passwordHash: text('password_hash'),
    isGuest: boolean('is_guest').notNull().default(false),
    createdAt: ms('created_at').notNull().defaultNow(),
  },
  (t) => [uniqueIndex('users_email_unique').on(t.email), uniqueIndex('users_username_unique').on(t.username)],
);

/** Browser sessions. The id is the SHA-256 of the cookie value, so a database leak gives no live cookie. */
export const sessions = pgTable(
  'sessions',
  {
    id: text('id').primaryKey(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    expiresAt: ms('expires_at').notNull(),
    createdAt: ms('created_at').notNull().defaultNow(),
  },
  (t) => [index('sessions_user_idx').on(t.userId)],
);

/** Personal access tokens for `Authorization: Bearer`. Only the SHA-256 of the token is kept. */
export const apiTokens = pgTable(
  'api_tokens',
  {
    id: text('id').primaryKey(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    tokenHash: text('token_hash').notNull(),
    createdAt: ms('created_at').notNull().defaultNow(),
    lastUsedAt: ms('last_used_at'),
    revokedAt: ms('revoked_at'),
  },
  (t) => [uniqueIndex('api_tokens_hash_unique').on(t.tokenHash), index('api_tokens_user_idx').on(t.userId)],
);

/** Content-addressed file bodies (SHA-1 hex of the UTF-8 text), shared by project files and snapshots. */
export const contents = pgTable('contents', {
  hash: text('hash').primaryKey(),
  text: text('text').notNull(),
  size: integer('size').notNull(),
});

export const projects = pgTable(
  'projects',
  {
    id: text('id').primaryKey(),
    slug: text('slug').notNull(),
    /** Null only for built-in projects such as the blank base `sb1`. */
    ownerId: text('owner_id').references(() => users.id, { onDelete: 'cascade' }),
    title: text('title').notNull(),
    visibility: text('visibility', { enum: ['private', 'public'] })
      .notNull()
      .default('private'),
    frozen: boolean('frozen').notNull().default(false),
    editedAt: ms('edited_at').notNull().defaultNow(),
    lastEditorId: text('last_editor_id').references(() => users.id, { onDelete: 'set null' }),
    forkedFrom: text('forked_from'),
    createdAt: ms('created_at').notNull().defaultNow(),
    updatedAt: ms('updated_at').notNull().defaultNow(),
  },
  (t) => [uniqueIndex('projects_slug_unique').on(t.slug), index('projects_owner_edited_idx').on(t.ownerId, t.editedAt)],
);

export const projectFiles = pgTable(
  'project_files',
  {
    projectId: text('project_id')
      .notNull()
      .references(() => projects.id, { onDelete: 'cascade' }),
    path: text('path').notNull(),
    type: text('type', { enum: ['file', 'folder'] }).notNull(),
    contentHash: text('content_hash').references(() => contents.hash),
    isBinary: boolean('is_binary').notNull().default(false),
    blobId: text('blob_id'),
    lastModified: ms('last_modified').notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.projectId, t.path] })],
);

export const chatMessages = pgTable(
  'chat_messages',
  {
    projectId: text('project_id')
      .notNull()
      .references(() => projects.id, { onDelete: 'cascade' }),
    id: text('id').notNull(),
    role: text('role', { enum: ['user', 'assistant'] }).notNull(),
    content: text('content').notNull(),
    position: integer('position').notNull(),
    createdAt: ms('created_at').notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.projectId, t.id] }), index('chat_messages_order_idx').on(t.projectId, t.position)],
);

/** One entry of a snapshot's path map. Content lives in `contents` under contentHash. */
export type SnapshotEntry = {
  type: 'file' | 'folder';
  contentHash?: string;
  isBinary?: boolean;
  blobId?: string;
};

export const snapshots = pgTable(
  'snapshots',
  {
    projectId: text('project_id')
      .notNull()
      .references(() => projects.id, { onDelete: 'cascade' }),
    messageId: text('message_id').notNull(),
    title: text('title').notNull().default(''),
    finalized: boolean('finalized').notNull().default(false),
    entries: jsonb('entries').$type<Record<string, SnapshotEntry>>().notNull(),
    createdAt: ms('created_at').notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.projectId, t.messageId] })],
);

export const blobs = pgTable(
  'blobs',
  {
    id: text('id').primaryKey(),
    /** The opaque id handed to clients (spec: signed_id). */
    signedId: text('signed_id').notNull(),
    filename: text('filename').notNull(),
    contentType: text('content_type').notNull().default('application/octet-stream'),
    byteSize: bigint('byte_size', { mode: 'number' }).notNull(),
    /** Base64 MD5, as the direct-upload protocol sends it. */
    checksum: text('checksum').notNull(),
    projectId: text('project_id').references(() => projects.id, { onDelete: 'set null' }),
    ownerId: text('owner_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    storagePath: text('storage_path').notNull(),
    uploadedAt: ms('uploaded_at'),
    createdAt: ms('created_at').notNull().defaultNow(),
  },
  (t) => [uniqueIndex('blobs_signed_id_unique').on(t.signedId), index('blobs_project_idx').on(t.projectId)],
);
