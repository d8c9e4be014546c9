import { useStore } from '@nanostores/react';
import type { SaveState, SaveStatus } from '~/lib/stores/save-state';

const LABEL: Record<SaveStatus, string> = {
  saved: 'Saved',
  unsaved: 'Unsaved changes',
  saving: 'Saving…',
  failed: 'Not saved',
};

/** Whether the server has the latest files. */
export function SaveIndicator({ save, canSave }: { save: SaveState; canSave: boolean }) {
  const status = useStore(save.$status);
  const label = canSave ? LABEL[status] : 'Read only';
  return (
    <span className={`kiln-save-indicator kiln-save-${canSave ? status : 'readonly'}`} data-testid="save-indicator" data-status={canSave ? status : 'readonly'} role="status">
      <span className="kiln-save-dot" aria-hidden="true" />
      {label}
    </span>
  );
}
