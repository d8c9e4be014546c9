import { useStore } from '@nanostores/react';
import type { ReactNode } from 'react';
import { $currentDialog, closeDialog, dismissExperimentalBrowserWarning, type Dialog, type DialogType } from '~/lib/stores/dialogs';
import { ExperimentalBrowserDialog } from './ExperimentalBrowserDialog';
import { FatalErrorDialog } from './FatalErrorDialog';

/** Renderers for dialog types owned by other features (e.g. the database dialogs). */
export type DialogRenderers = {
  [T in DialogType]?: (dialog: Extract<Dialog, { type: T }>, close: () => void) => ReactNode;
};

function renderWith<T extends DialogType>(
  renderers: DialogRenderers,
  dialog: Extract<Dialog, { type: T }>,
  close: () => void,
): ReactNode {
  const render = renderers[dialog.type as T] as ((d: typeof dialog, c: () => void) => ReactNode) | undefined;
  return render ? render(dialog, close) : null;
}

/** Renders the dialog at the head of the queue. Mount once, near the root of the page. */
export function DialogHost({ renderers = {} }: { renderers?: DialogRenderers }) {
  const dialog = useStore($currentDialog);
  const close = () => closeDialog();
  if (!dialog) {
    return null;
  }
  switch (dialog.type) {
    case 'fatal-error':
      return <FatalErrorDialog key="fatal-error" dialog={dialog} onClose={close} />;
    case 'experimental-browser':
      return <ExperimentalBrowserDialog key="experimental-browser" onDismiss={() => dismissExperimentalBrowserWarning()} />;
    default:
      return renderWith(renderers, dialog, close);
  }
}
