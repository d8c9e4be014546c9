import { useStore } from '@nanostores/react';
import type { ReactNode } from 'react';
import { Button } from '~/components/ui/Button';
import { Icon, type IconName } from '~/components/ui/icons';
import { Spinner } from '~/components/ui/Spinner';
import type { PreviewPaneState } from '~/lib/stores/previews';
import type { WorkbenchStore } from '~/lib/stores/workbench';
import styles from './Preview.module.css';

interface StatusText {
  icon: IconName | 'spinner';
  title: string;
  detail: ReactNode;
  tone: 'neutral' | 'danger';
}

function describe(state: Exclude<PreviewPaneState, { kind: 'ready' }>): StatusText {
  switch (state.kind) {
    case 'idle':
      return {
        icon: 'server',
        title: 'Waiting for a dev server…',
        detail: 'The preview appears here as soon as your app starts a server.',
        tone: 'neutral',
      };
    case 'starting':
      return {
        icon: 'spinner',
        title: 'Starting the dev server…',
        detail: state.command ? (
          <>
            Running <code>{state.command}</code>, waiting for it to open a port.
          </>
        ) : (
          'Waiting for the app to open a port.'
        ),
        tone: 'neutral',
      };
    case 'waiting-for-server':
      return {
        icon: 'spinner',
        title: `Waiting for port ${state.preview.port} to respond…`,
        detail: 'The server has opened its port and is getting ready.',
        tone: 'neutral',
      };
    case 'crashed':
      return {
        icon: 'alert',
        title: 'The dev server stopped',
        detail: (
          <>
            {state.command ? <code>{state.command}</code> : 'The start command'} exited with code {state.exitCode}. Its
            last output is below.
          </>
        ),
        tone: 'danger',
      };
  }
}

/** What the preview shows instead of a blank page: the server's state and its latest output. */
export function PreviewStatus({ store, state }: { store: WorkbenchStore; state: Exclude<PreviewPaneState, { kind: 'ready' }> }) {
  const lines = useStore(store.terminal.$recentLines);
  const showTerminal = useStore(store.$showTerminal);
  const text = describe(state);
  return (
    <div className={styles.status} data-state={state.kind} role="status">
      <div className={[styles.statusIcon, text.tone === 'danger' && styles.statusIconDanger].filter(Boolean).join(' ')}>
        {text.icon === 'spinner' ? <Spinner size={18} /> : <Icon name={text.icon} size={20} />}
      </div>
      <h2 className={styles.statusTitle}>{text.title}</h2>
      <p className={styles.statusDetail}>{text.detail}</p>
      {lines.length > 0 && (
        <pre className={styles.output} aria-label="Latest terminal output">
          {lines.join('\n')}
        </pre>
      )}
      {!showTerminal && (
        <Button size="small" onClick={() => store.setShowTerminal(true)}>
          <Icon name="terminal" size={14} />
          Show terminal
        </Button>
      )}
    </div>
  );
}
