import styles from './dialogs.module.css';
import { ModalDialog } from './ModalDialog';

/** Shown to Safari users at start until they dismiss it (the dismissal is remembered on the device). */
export function ExperimentalBrowserDialog({ onDismiss }: { onDismiss: () => void }) {
  return (
    <ModalDialog
      title="Safari support is experimental"
      icon="i"
      onDismiss={onDismiss}
      testId="experimental-browser-dialog"
      actions={
        <button type="button" className={`${styles.button} ${styles.primary}`} onClick={onDismiss} data-autofocus>
          Got it
        </button>
      }
    >
      <p>Kiln works best in an up-to-date Chromium-based browser such as Chrome or Edge, or in Firefox.</p>
      <p>In Safari, parts of the workbench such as the terminal and previews may not work as expected.</p>
    </ModalDialog>
  );
}
