import { type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node';
import { isRouteErrorResponse, Link, useLoaderData, useRouteError } from '@remix-run/react';
import { Header } from '~/components/header/Header';
import { ProjectPage } from '~/components/project/ProjectPage';
import { getUser } from '~/lib/.server/auth/viewer';
import { coepModeFor } from '~/lib/.server/cross-origin-isolation';
import { HttpError } from '~/lib/.server/http/errors';
import { getProjectForViewer, listMessages } from '~/lib/.server/projects';
import { createSandboxSession } from '~/lib/.server/runner-session';
import type { ProjectPageData } from '~/lib/project/page-data';
import { useViewer } from '~/root';

export const meta: MetaFunction<typeof loader> = ({ data }) => [{ title: data ? `${data.project.title} · Kiln` : 'Not found · Kiln' }];

function notFound(): Response {
  return new Response('Not found', { status: 404, statusText: 'Not Found' });
}

/** The project, its files and chat, and a fresh sandbox to open it in. Missing and forbidden look alike. */
export async function loader({ request, params }: LoaderFunctionArgs): Promise<ProjectPageData> {
  const slug = params.slug ?? '';
  const viewer = await getUser(request).catch(() => null);
  let project;
  let messages;
  try {
    project = await getProjectForViewer(slug, viewer);
    messages = await listMessages(project.id, viewer);
  } catch (error) {
    if (error instanceof HttpError && (error.status === 404 || error.status === 403)) {
      throw notFound();
    }
    throw error;
  }
  const files: ProjectPageData['files'] = {};
  for (const [path, file] of Object.entries(project.appFiles)) {
    if (file.type === 'file') {
      files[path] = { content: file.contents, isBinary: file.isBinary, ...(file.blobId ? { blobId: file.blobId } : {}) };
    }
  }
  return {
    project: {
      id: project.id,
      slug: project.slug,
      title: project.title,
      editedAt: project.editedAt,
      frozen: project.frozen,
      isOwner: project.access === 'owner',
      visibility: project.visibility,
    },
    files,
    messages: messages.map(({ id, role, content }) => ({ id, role, content })),
    sandbox: createSandboxSession({ userId: viewer?.id ?? null, coep: coepModeFor(request.headers.get('user-agent')) }),
    viewer: viewer ? { id: viewer.id, username: viewer.username ?? viewer.email ?? 'Guest', isGuest: viewer.isGuest } : null,
  };
}

export default function ProjectRoute() {
  const data = useLoaderData<typeof loader>();
  // A new project id remounts the page, so a fork opens with its own sandbox.
  return <ProjectPage key={data.project.id} data={data} />;
}

export function ErrorBoundary() {
  const error = useRouteError();
  const viewer = useViewer();
  const missing = isRouteErrorResponse(error) && error.status === 404;
  return (
    <div className="kiln-home">
      <Header viewer={viewer} />
      <main className="kiln-error-page" data-testid={missing ? 'project-not-found' : 'error-page'}>
        <p className="kiln-error-status">{missing ? 404 : 500}</p>
        <h1>{missing ? 'Project not found' : 'Something went wrong.'}</h1>
        <p>
          {missing
            ? 'This project does not exist, or it belongs to someone else. Sign in with the account that owns it, or start a new one.'
            : 'Kiln could not open this project. Please try again.'}
        </p>
        <Link to="/" className="kiln-button kiln-button-primary" reloadDocument>
          Start a new project
        </Link>
      </main>
    </div>
  );
}
