import { redirect, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node';
import { useActionData, useLoaderData } from '@remix-run/react';
import { z } from 'zod';
import { HomePrompt } from '~/components/chat/HomePrompt';
import { Header } from '~/components/header/Header';
import { RecentProjects } from '~/components/project/RecentProjects';
import '~/components/project/home.css';
import { ensureViewer, getUser } from '~/lib/.server/auth';
import { createProject, listProjects } from '~/lib/.server/projects';
import { titleFromPrompt } from '~/lib/project/title';
import { useViewer } from '~/root';
import { getErrorMessage } from '~/utils/errors';

export const meta: MetaFunction = () => [
  { title: 'Kiln — describe an app, watch it run' },
  { name: 'description', content: 'Kiln is an open-source AI web-app builder: describe an app, and it writes, runs and previews it.' },
];

const MAX_RECENT = 6;
const MAX_ENCODED_PROMPT = 8_000;

export async function loader({ request }: LoaderFunctionArgs) {
  const viewer = await getUser(request).catch(() => null);
  const projects = viewer ? (await listProjects(viewer)).slice(0, MAX_RECENT) : [];
  return { projects: projects.map(({ slug, title, editedAt }) => ({ slug, title, editedAt })) };
}

const promptSchema = z.string().trim().min(1, 'Describe what you want to build.').max(20_000, 'That prompt is too long.');

/** Creates a project titled after the prompt (a guest session for visitors) and opens it. */
export async function action({ request }: ActionFunctionArgs) {
  const form = await request.formData();
  const parsed = promptSchema.safeParse(form.get('prompt') ?? '');
  if (!parsed.success) {
    return Response.json({ error: parsed.error.issues[0]?.message ?? 'Invalid prompt' }, { status: 400 });
  }
  const params = new URLSearchParams({ prompt: parsed.data });
  // The prompt travels to the project page in its address; request lines have a size limit (Node: 16 KB).
  if (params.toString().length > MAX_ENCODED_PROMPT) {
    return Response.json({ error: 'That prompt is too long for a first message. Shorten it, then add the details in the chat.' }, { status: 400 });
  }
  try {
    const { viewer, setCookie } = await ensureViewer(request);
    const headers = new Headers();
    if (setCookie) {
      headers.append('Set-Cookie', setCookie);
    }
    const project = await createProject(viewer, { title: titleFromPrompt(parsed.data) });
    return redirect(`/~/${encodeURIComponent(project.slug)}?${params}`, { headers });
  } catch (error) {
    console.error('[home] could not create a project:', getErrorMessage(error));
    return Response.json({ error: 'Kiln could not create the project. Please try again.' }, { status: 500 });
  }
}

export default function Index() {
  const viewer = useViewer();
  const { projects } = useLoaderData<typeof loader>();
  const actionData = useActionData<{ error?: string }>();
  return (
    <div className="kiln-home">
      <Header viewer={viewer} />
      <main className="kiln-home-main">
        <div className="kiln-home-hero">
          <h1 className="kiln-home-title">What do you want to build?</h1>
          <p className="kiln-home-subtitle">Describe an app. Kiln writes the code, runs it, and shows you a live preview.</p>
        </div>
        <HomePrompt error={actionData?.error} />
        {projects.length > 0 && <RecentProjects projects={projects} />}
      </main>
      <footer className="kiln-home-footer">Open source · self-hostable · bring your own model</footer>
    </div>
  );
}
