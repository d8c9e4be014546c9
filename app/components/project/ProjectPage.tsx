import { useStore } from '@nanostores/react';
import { useEffect, useMemo, useState } from 'react';
import type { ChatSnapshots } from '~/components/chat/RestoreSnapshot';
import { Panel, PanelGroup, PanelResizeHandle } from 'react-resizable-panels';
import { Chat } from '~/components/chat/Chat';
import { DialogHost } from '~/components/dialogs/DialogHost';
import { Header } from '~/components/header/Header';
import { Workbench } from '~/components/workbench/Workbench';
import { trackEvent } from '~/lib/project/analytics';
import { downloadProjectZip } from '~/lib/project/download';
import type { ProjectPageData } from '~/lib/project/page-data';
import { openProjectSession, type ProjectSession } from '~/lib/project/project-session';
import { createBrowserSessionDeps } from '~/lib/project/session-deps';
import { cleanProjectUrl, readPromptParam } from '~/lib/project/url';
import { ConflictDialog } from './ConflictDialog';
import { GuestBanner } from './GuestBanner';
import { SaveIndicator } from './SaveIndicator';
import { SandboxPlaceholder } from './SandboxPlaceholder';
import { Toasts } from './Toasts';
import { useMediaQuery } from './use-media-query';
import { PublicBadge, VisibilityToggle } from './VisibilityToggle';
import './home.css';
import './project.css';

function DownloadButton({ onClick }: { onClick: () => void }) {
  return (
    <button type="button" className="kiln-button kiln-button-ghost" data-testid="download-project" onClick={onClick} title="Download the project as a zip">
      <svg width="15" height="15" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" aria-hidden="true">
        <path d="M12 3v12M7 10l5 5 5-5M5 21h14" />
      </svg>
      Download
    </button>
  );
}

function WorkbenchArea({ session }: { session: ProjectSession }) {
  const workbench = useStore(session.$workbench);
  const phase = useStore(session.$phase);
  if (workbench) {
    return <Workbench store={workbench} />;
  }
  return <SandboxPlaceholder phase={phase} />;
}

/** The project page: chat on the left, the workbench on the right, wired by one project session. */
export function ProjectPage({ data }: { data: ProjectPageData }) {
  const [session] = useState(() => openProjectSession(data, createBrowserSessionDeps()));
  const project = useStore(session.$project);
  const phase = useStore(session.$phase);
  const canSave = project.isOwner;
  const visibility = useStore(session.visibility.$visibility);
  const snapshots = useMemo<ChatSnapshots>(
    () => ({
      $snapshots: session.snapshots.$snapshots,
      $restoring: session.snapshots.$restoring,
      $status: session.chat.$status,
      restore: (messageId) => session.restore(messageId),
    }),
    [session],
  );
  // Phones stack the chat above the workbench instead of squeezing them side by side.
  const narrow = useMediaQuery('(max-width: 760px)');

  useEffect(() => {
    const prompt = readPromptParam(window.location.href);
    const path = cleanProjectUrl(window.location.href, data.project.slug);
    window.history.replaceState(window.history.state, '', path);
    trackEvent('page-view', { path: `/~/${data.project.slug}` });
    void session.start();
    if (prompt) {
      void session.send(prompt);
    }
    return () => void session.dispose();
  }, [session, data.project.slug]);

  useEffect(() => {
    document.title = `${project.title} · Kiln`;
  }, [project.title]);

  // Closing the tab with changes the server does not have yet asks first (lost work is the worst bug).
  useEffect(() => {
    const warn = (event: BeforeUnloadEvent) => {
      const status = session.save.$status.get();
      if (canSave && (status === 'unsaved' || status === 'saving')) {
        event.preventDefault();
      }
    };
    window.addEventListener('beforeunload', warn);
    return () => window.removeEventListener('beforeunload', warn);
  }, [session, canSave]);

  const download = () => downloadProjectZip(session.currentFiles(), project.title);
  const notice =
    phase.phase === 'booting' ? (
      <p className="kiln-chat-notice">Starting the sandbox… messages are sent as soon as it is ready.</p>
    ) : phase.phase === 'failed' ? (
      <p className="kiln-chat-notice kiln-chat-notice-error">The sandbox could not start: {phase.message}</p>
    ) : null;

  return (
    <div className="kiln-project" data-testid="project-page">
      <Header viewer={data.viewer}>
        <span className="kiln-project-divider" aria-hidden="true">
          /
        </span>
        <h1 className="kiln-project-title" data-testid="project-title" title={project.title}>
          {project.title}
        </h1>
        <SaveIndicator save={session.save} canSave={canSave} />
        <span className="kiln-header-spacer" />
        {canSave ? <VisibilityToggle control={session.visibility} /> : visibility === 'public' && <PublicBadge />}
        {!canSave &&
          (data.viewer ? (
            <button type="button" className="kiln-button kiln-button-primary" data-testid="fork-project" onClick={() => void session.fork()}>
              Fork to edit
            </button>
          ) : (
            <a className="kiln-button kiln-button-primary" data-testid="fork-project" href={`/sign-in?redirectTo=${encodeURIComponent(`/~/${project.slug}`)}`}>
              Sign in to fork
            </a>
          ))}
        <DownloadButton onClick={download} />
      </Header>
      {(!data.viewer || data.viewer.isGuest) && <GuestBanner returnTo={`/~/${project.slug}`} />}
      <PanelGroup
        key={narrow ? 'stacked' : 'side-by-side'}
        direction={narrow ? 'vertical' : 'horizontal'}
        className={`kiln-project-body${narrow ? ' kiln-project-stacked' : ''}`}
        autoSaveId={narrow ? 'kiln-project-layout-stacked' : 'kiln-project-layout'}
      >
        <Panel id="chat" order={1} defaultSize={narrow ? 45 : 32} minSize={22} maxSize={narrow ? 80 : 55} className="kiln-project-chat">
          <Chat chat={session.chat} onSend={(text) => void session.send(text)} notice={notice} readOnly={!canSave} snapshots={snapshots} />
        </Panel>
        <PanelResizeHandle className="kiln-resize-handle" />
        <Panel id="workbench" order={2} minSize={35} className="kiln-project-workbench">
          <WorkbenchArea session={session} />
        </Panel>
      </PanelGroup>
      <ConflictDialog save={session.save} />
      <Toasts session={session} onDownload={download} />
      <DialogHost />
    </div>
  );
}
