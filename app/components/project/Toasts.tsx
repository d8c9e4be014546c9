import { useStore } from '@nanostores/react';
import type { ProjectSession } from '~/lib/project/project-session';

/** Messages about saving and the session, newest last, each with a close button. */
export function Toasts({ session, onDownload }: { session: ProjectSession; onDownload: () => void }) {
  const toasts = useStore(session.$toasts);
  if (toasts.length === 0) {
    return null;
  }
  return (
    <div className="kiln-toasts" role="region" aria-label="Notifications">
      {toasts.map((toast) => (
        <div key={toast.id} className={`kiln-toast kiln-toast-${toast.kind}`} role="alert" data-testid="toast">
          <p>{toast.message}</p>
          <div className="kiln-toast-actions">
            {toast.download && (
              <button type="button" className="kiln-button kiln-button-secondary" onClick={onDownload}>
                Download
              </button>
            )}
            <button type="button" className="kiln-button kiln-button-ghost" aria-label="Dismiss" onClick={() => session.dismissToast(toast.id)}>
              Dismiss
            </button>
          </div>
        </div>
      ))}
    </div>
  );
}
