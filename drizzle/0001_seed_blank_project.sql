-- The built-in blank base project: `POST /api/projects/sb1/fork` starts a new project from it.
INSERT INTO "projects" ("id", "slug", "owner_id", "title", "visibility", "frozen")
VALUES ('sb1', 'sb1', NULL, 'Blank project', 'public', true)
ON CONFLICT DO NOTHING;
