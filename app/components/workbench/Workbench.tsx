import { useStore } from '@nanostores/react';
import { useEffect, useRef, type KeyboardEvent } from 'react';
import { Panel, PanelGroup, PanelResizeHandle, type ImperativePanelHandle } from 'react-resizable-panels';
import { Icon } from '~/components/ui/icons';
import { IconButton } from '~/components/ui/IconButton';
import { Tabs } from '~/components/ui/Tabs';
import type { WorkbenchStore, WorkbenchView } from '~/lib/stores/workbench';
import { CodeView } from './CodeView';
import { PreviewPane } from './PreviewPane';
import { TerminalView } from './TerminalView';
import styles from './Workbench.module.css';

const VIEW_TABS = [
  { value: 'code', label: <><Icon name="code" size={14} />Code</>, testId: 'workbench-tab-code' },
  { value: 'preview', label: <><Icon name="eye" size={14} />Preview</>, testId: 'workbench-tab-preview' },
] as const;

/** Percent of the workbench height the terminal opens at. */
const TERMINAL_DEFAULT_SIZE = 32;

/** Everything right of the chat: code (files + editor), preview, and the terminal below both. */
export function Workbench({ store }: { store: WorkbenchStore }) {
  const view = useStore(store.$view);
  const showTerminal = useStore(store.$showTerminal);
  const terminalPanel = useRef<ImperativePanelHandle>(null);

  useEffect(() => {
    const panel = terminalPanel.current;
    if (!panel) return;
    if (showTerminal && panel.isCollapsed()) panel.expand(TERMINAL_DEFAULT_SIZE);
    if (!showTerminal && !panel.isCollapsed()) panel.collapse();
  }, [showTerminal]);

  const onKeyDown = (event: KeyboardEvent<HTMLElement>) => {
    if ((event.metaKey || event.ctrlKey) && event.key.toLowerCase() === 's') {
      event.preventDefault();
      void store.saveCurrentFile();
    }
  };

  return (
    <section className={styles.workbench} aria-label="Workbench" onKeyDown={onKeyDown}>
      <header className={styles.header}>
        <Tabs<WorkbenchView> label="Workbench view" items={VIEW_TABS} value={view} onChange={store.setView} />
        <div className={styles.headerActions}>
          <IconButton
            icon="terminal"
            label={showTerminal ? 'Hide terminal' : 'Show terminal'}
            pressed={showTerminal}
            data-testid="terminal-toggle"
            onClick={store.toggleTerminal}
          />
        </div>
      </header>
      <PanelGroup direction="vertical" className={styles.fill}>
        <Panel id="main" order={1} minSize={20} className={styles.main}>
          <div className={styles.view} hidden={view !== 'code'}>
            <CodeView store={store} />
          </div>
          <div className={styles.view} hidden={view !== 'preview'}>
            <PreviewPane store={store} />
          </div>
        </Panel>
        <PanelResizeHandle className={styles.resizeHandleHorizontal} disabled={!showTerminal} />
        <Panel
          id="terminal"
          order={2}
          ref={terminalPanel}
          collapsible
          collapsedSize={0}
          minSize={12}
          defaultSize={showTerminal ? TERMINAL_DEFAULT_SIZE : 0}
          onCollapse={() => store.setShowTerminal(false)}
          onExpand={() => store.setShowTerminal(true)}
          className={styles.terminalPanel}
        >
          <div className={styles.terminalContent} hidden={!showTerminal}>
            <div className={styles.terminalHeader}>
              <span className={styles.terminalTitle}>
                <Icon name="terminal" size={14} />
                Terminal
              </span>
              <IconButton icon="close" label="Hide terminal" iconSize={14} onClick={() => store.setShowTerminal(false)} />
            </div>
            <TerminalView sink={store.terminal} />
          </div>
        </Panel>
      </PanelGroup>
    </section>
  );
}
