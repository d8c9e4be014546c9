import { useStore } from '@nanostores/react';
import { ModalDialog } from '~/components/dialogs/ModalDialog';
import type { SaveState } from '~/lib/stores/save-state';

function formatTime(iso: string): string {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? 'recently' : date.toLocaleString();
}

/** spec §4/§8: a save found a newer version on the server. Reload it, or overwrite it with ours. */
export function ConflictDialog({ save }: { save: SaveState }) {
  const conflict = useStore(save.$conflict);
  if (!conflict) {
    return null;
  }
  return (
    <ModalDialog
      title="This project was changed elsewhere"
      tone="danger"
      testId="save-conflict-dialog"
      actions={
        <>
          <button type="button" className="kiln-button kiln-button-secondary" data-testid="conflict-reload" onClick={() => window.location.reload()}>
            Reload
          </button>
          <button type="button" className="kiln-button kiln-button-danger" data-testid="conflict-overwrite" data-autofocus onClick={() => void save.overwrite()}>
            Overwrite
          </button>
        </>
      }
    >
      <p>
        <strong>{conflict.lastEditor}</strong> saved this project at {formatTime(conflict.editedAt)}, after you opened it. Reload to get
        their version (your unsaved changes here are lost), or overwrite theirs with yours.
      </p>
    </ModalDialog>
  );
}
