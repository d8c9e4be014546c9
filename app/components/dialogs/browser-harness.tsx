/**
 * Entry for DialogHost.browser.test.ts: bundled by esbuild and loaded into a real Chromium, so focus
 * handling and keyboard behaviour are tested where they actually run. Not part of the app bundle.
 */
import { createRoot } from 'react-dom/client';
import { $currentDialog, openDialog } from '~/lib/stores/dialogs';
import { DialogHost } from './DialogHost';

function mount(container: HTMLElement): void {
  createRoot(container).render(<DialogHost />);
}

Object.assign(window, { kilnTest: { mount, openDialog, currentDialogType: () => $currentDialog.get()?.type ?? null } });
