import type { SessionPhase } from '~/lib/project/project-session';

/** What the workbench area shows until the sandbox is up, or why it is not. */
export function SandboxPlaceholder({ phase }: { phase: SessionPhase }) {
  return (
    <div className="kiln-sandbox-placeholder" data-testid="sandbox-status" data-phase={phase.phase}>
      {phase.phase === 'failed' ? (
        <>
          <p className="kiln-sandbox-title">The sandbox could not start</p>
          <p className="kiln-sandbox-detail">{phase.message}</p>
          <button type="button" className="kiln-button kiln-button-secondary" onClick={() => window.location.reload()}>
            Reload
          </button>
        </>
      ) : (
        <>
          <span className="kiln-sandbox-spinner" aria-hidden="true" />
          <p className="kiln-sandbox-title">Starting the sandbox…</p>
          <p className="kiln-sandbox-detail">Your files are being mounted. The editor, terminal and preview appear here.</p>
        </>
      )}
    </div>
  );
}
