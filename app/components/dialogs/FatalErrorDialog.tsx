import type { FatalErrorDialog as FatalErrorDialogData } from '~/lib/stores/dialogs';
import styles from './dialogs.module.css';
import { fatalErrorCopy } from './fatal-error-copy';
import { ModalDialog } from './ModalDialog';

export interface FatalErrorDialogProps {
  dialog: FatalErrorDialogData;
  onClose: () => void;
  /** Defaults to reloading the page, which boots a fresh sandbox. */
  onReload?: () => void;
}

export function FatalErrorDialog({ dialog, onClose, onReload = () => window.location.reload() }: FatalErrorDialogProps) {
  const copy = fatalErrorCopy(dialog.variant, dialog.sandboxKind);
  return (
    <ModalDialog
      title={copy.title}
      icon="!"
      tone="danger"
      onDismiss={onClose}
      testId={`fatal-error-dialog-${dialog.variant}`}
      actions={
        <>
          <button type="button" className={styles.button} onClick={onClose}>
            Close
          </button>
          <button type="button" className={`${styles.button} ${styles.primary}`} onClick={onReload} data-autofocus>
            Reload page
          </button>
        </>
      }
    >
      {copy.paragraphs.map((paragraph) => (
        <p key={paragraph}>{paragraph}</p>
      ))}
      {dialog.message ? (
        <details className={styles.details}>
          <summary>Technical details</summary>
          <pre>{dialog.message}</pre>
        </details>
      ) : null}
    </ModalDialog>
  );
}
