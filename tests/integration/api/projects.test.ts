import { describe, expect, it } from 'vitest';
import { anonymous, backends, files, type ProjectBody, signUp, useKiln } from './support';

for (const backend of backends) {
  describe.skipIf(backend.skip)(`projects API on ${backend.name}`, () => {
    const kiln = useKiln(backend, { MAX_PROJECT_BYTES: '100000' });

    it('creates a project with files and reads it back by slug and by id', async () => {
      const { client } = await signUp(kiln, 'create');
      const created = await client.post('/api/projects', {
        project: {
          title: 'Todo App ✓',
          appFiles: {
            'src/main.ts': { type: 'file', contents: 'console.log(1)' },
            src: { type: 'folder' },
            'logo.png': { type: 'file', contents: '', isBinary: true, blobId: 'blob-123' },
          },
        },
      });
      expect(created.status).toBe(201);
      const project = created.body as ProjectBody & Record<string, unknown>;
      expect(project).toMatchObject({ title: 'Todo App ✓', visibility: 'private', frozen: false, access: 'owner', organization: null });
      expect(project.slug).toMatch(/^todo-app-[a-z0-9]{6}$/);
      for (const key of [project.slug, project.id]) {
        const read = await client.get(`/api/projects/${key}`);
        expect(read.status).toBe(200);
        expect((read.body as ProjectBody).appFiles).toEqual({
          src: { fullPath: 'src', contents: '', name: 'src', isBinary: false, type: 'folder', lastModified: expect.any(Number), blobId: null },
          'src/main.ts': {
            fullPath: 'src/main.ts',
            contents: 'console.log(1)',
            name: 'main.ts',
            isBinary: false,
            type: 'file',
            lastModified: expect.any(Number),
            blobId: null,
          },
          'logo.png': { fullPath: 'logo.png', contents: '', name: 'logo.png', isBinary: true, type: 'file', lastModified: expect.any(Number), blobId: 'blob-123' },
        });
      }
    });

    it('lists only the caller’s projects, newest edit first, without files', async () => {
      const { client } = await signUp(kiln, 'list');
      const { client: other } = await signUp(kiln, 'list_other');
      await other.post('/api/projects', { project: { title: 'Not mine' } });
      const first = (await client.post('/api/projects', { project: { title: 'First' } })).body as ProjectBody;
      await client.post('/api/projects', { project: { title: 'Second' } });
      await client.patch(`/api/projects/${first.slug}`, { project: { appFiles: files({ a: '1' }) } });
      const list = await client.get('/api/projects');
      expect(list.status).toBe(200);
      const projects = (list.body as { projects: Array<Record<string, unknown>> }).projects;
      expect(projects.map((p) => p.title)).toEqual(['First', 'Second']);
      expect(projects[0]).not.toHaveProperty('appFiles');
    });

    it('saves files with editedAt, and answers 409 with the last editor to a stale editedAt', async () => {
      const { client, user } = await signUp(kiln, 'save');
      const created = (await client.post('/api/projects', { project: { appFiles: files({ 'a.txt': 'v1' }) } })).body as ProjectBody;
      const saved = await client.patch(`/api/projects/${created.slug}`, { project: { appFiles: files({ 'a.txt': 'v2' }) }, editedAt: created.editedAt });
      expect(saved.status).toBe(200);
      const editedAt = (saved.body as ProjectBody).editedAt;
      expect(Date.parse(editedAt)).toBeGreaterThan(Date.parse(created.editedAt));

      const stale = await client.patch(`/api/projects/${created.slug}`, {
        project: { appFiles: files({ 'a.txt': 'stale' }) },
        editedAt: Date.parse(created.editedAt), // epoch ms is accepted too
      });
      expect(stale.status).toBe(409);
      expect(stale.body).toEqual({ errors: [expect.any(String)], lastEditor: user.username, editedAt });

      const sameMs = await client.patch(`/api/projects/${created.slug}`, { project: { appFiles: files({ 'a.txt': 'v3' }) }, editedAt });
      expect(sameMs.status).toBe(200);
      const forced = await client.patch(`/api/projects/${created.slug}`, { project: { appFiles: files({ 'b.txt': 'forced' }) } });
      expect(forced.status).toBe(200);
      const read = (await client.get(`/api/projects/${created.slug}`)).body as ProjectBody;
      expect(Object.keys(read.appFiles)).toEqual(['b.txt']);
      expect(read.appFiles['b.txt'].contents).toBe('forced');
    });

    it('answers 413 when the contents exceed MAX_PROJECT_BYTES, storing nothing', async () => {
      const { client } = await signUp(kiln, 'big');
      const created = (await client.post('/api/projects', { project: { appFiles: files({ 'a.txt': 'small' }) } })).body as ProjectBody;
      const tooBig = await client.patch(`/api/projects/${created.slug}`, { project: { appFiles: files({ 'a.txt': 'x'.repeat(100_001) }) } });
      expect(tooBig.status).toBe(413);
      expect(tooBig.body).toEqual({ errors: [expect.any(String)] });
      const created413 = await client.post('/api/projects', { project: { appFiles: files({ 'a.txt': 'é'.repeat(50_001) }) } });
      expect(created413.status).toBe(413);
      expect(((await client.get(`/api/projects/${created.slug}`)).body as ProjectBody).appFiles['a.txt'].contents).toBe('small');
    });

    it('answers 422 to a files save of a frozen project (the blank base sb1)', async () => {
      const { client } = await signUp(kiln, 'frozen');
      const response = await client.patch('/api/projects/sb1', { project: { appFiles: files({ 'a.txt': 'x' }) } });
      expect(response.status).toBe(422);
      expect(response.body).toEqual({ errors: { app_files: ['files changed for frozen project'] } });
      expect(((await anonymous(kiln).get('/api/projects/sb1')).body as ProjectBody).appFiles).toEqual({});
    });

    it('changes title and visibility; a public project is readable by anyone', async () => {
      const { client } = await signUp(kiln, 'meta');
      const created = (await client.post('/api/projects', { project: { title: 'Before' } })).body as ProjectBody;
      expect((await anonymous(kiln).get(`/api/projects/${created.slug}`)).status).toBe(404);
      const renamed = await client.patch(`/api/projects/${created.id}`, { project: { title: 'After' } });
      expect(renamed.status).toBe(200);
      expect(renamed.body).toMatchObject({ title: 'After', editedAt: created.editedAt });
      const published = await client.patch(`/api/projects/${created.id}`, { project: { visibility: 'public' } });
      expect(published.body).toMatchObject({ visibility: 'public' });
      const asAnonymous = await anonymous(kiln).get(`/api/projects/${created.slug}`);
      expect(asAnonymous.status).toBe(200);
      expect(asAnonymous.body).toMatchObject({ title: 'After', access: 'viewer' });
    });

    it.each([
      ['given files replace the source’s', { project: { appFiles: files({ 'new.txt': 'mine' }) } }, { 'new.txt': 'mine' }],
      ['empty files copy the source’s', { project: { appFiles: {} }, owner: 'someone', provider: 'github' }, { 'src.txt': 'source' }],
      ['no body copies the source’s', undefined, { 'src.txt': 'source' }],
    ])('forks a public project of someone else: %s', async (_case, body, expected) => {
      const { client: owner } = await signUp(kiln, 'fork_src');
      const source = (await owner.post('/api/projects', { project: { title: 'Source', appFiles: files({ 'src.txt': 'source' }) } })).body as ProjectBody;
      await owner.patch(`/api/projects/${source.slug}`, { project: { visibility: 'public' } });
      const { client } = await signUp(kiln, 'forker');
      const fork = await client.post(`/api/projects/${source.slug}/fork`, body);
      expect(fork.status).toBe(201);
      expect(fork.body).toEqual(
        expect.objectContaining({
          id: expect.any(String),
          slug: expect.stringMatching(/^source-/),
          editedAt: expect.any(String),
          access: 'owner',
          visibility: 'private',
          frozen: false,
          organization: null,
        }),
      );
      const read = (await client.get(`/api/projects/${(fork.body as ProjectBody).slug}`)).body as ProjectBody;
      expect(Object.fromEntries(Object.entries(read.appFiles).map(([path, file]) => [path, file.contents]))).toEqual(expected);
      expect(((await owner.get(`/api/projects/${source.slug}`)).body as ProjectBody).appFiles['src.txt'].contents).toBe('source');
    });

    it('forks the blank base project sb1 into an empty project of the caller', async () => {
      const { client } = await signUp(kiln, 'blank');
      const fork = await client.post('/api/projects/sb1/fork', { project: { appFiles: {} }, owner: null, provider: null });
      expect(fork.status).toBe(201);
      const read = (await client.get(`/api/projects/${(fork.body as ProjectBody).slug}`)).body as ProjectBody;
      expect(read.appFiles).toEqual({});
      expect((await client.get('/api/projects')).body).toMatchObject({ projects: [{ id: (fork.body as ProjectBody).id }] });
    });

    it('stores chat messages in order, upserting by id', async () => {
      const { client } = await signUp(kiln, 'chat');
      const project = (await client.post('/api/projects', {})).body as ProjectBody;
      const path = `/api/projects/${project.slug}/messages`;
      expect((await client.get(path)).body).toEqual({ messages: [] });
      await client.post(path, { messages: [{ id: 'm1', role: 'user', content: 'Build a todo app' }, { id: 'm2', role: 'assistant', content: 'Sure' }] });
      const upsert = await client.post(path, { messages: [{ id: 'm2', role: 'assistant', content: 'Sure, here it is' }, { id: 'm3', role: 'user', content: 'Thanks' }] });
      expect(upsert.status).toBe(200);
      const messages = (await client.get(path)).body as { messages: Array<Record<string, unknown>> };
      expect(messages.messages).toEqual([
        { id: 'm1', role: 'user', content: 'Build a todo app', createdAt: expect.any(String) },
        { id: 'm2', role: 'assistant', content: 'Sure, here it is', createdAt: expect.any(String) },
        { id: 'm3', role: 'user', content: 'Thanks', createdAt: expect.any(String) },
      ]);
    });

    it('duplicates chat into another project of the caller, and refuses others’ projects', async () => {
      const { client } = await signUp(kiln, 'dup');
      const from = (await client.post('/api/projects', {})).body as ProjectBody;
      const to = (await client.post('/api/projects', {})).body as ProjectBody;
      await client.post(`/api/projects/${from.slug}/messages`, { messages: [{ id: 'a', role: 'user', content: 'hello' }] });
      const ok = await client.post('/api/project/duplicate', { fromProjectId: from.id, toProjectId: to.id });
      expect(ok.status).toBe(200);
      expect(ok.body).toEqual({ success: true });
      expect(((await client.get(`/api/projects/${to.slug}/messages`)).body as { messages: unknown[] }).messages).toHaveLength(1);

      const { client: stranger } = await signUp(kiln, 'dup_stranger');
      const mine = (await stranger.post('/api/projects', {})).body as ProjectBody;
      const refused = await stranger.post('/api/project/duplicate', { fromProjectId: from.id, toProjectId: mine.id });
      expect(refused.status).toBe(404);
      expect(refused.body).toEqual({ success: false, error: 'Project not found', errors: ['Project not found'] });
    });
  });
}
