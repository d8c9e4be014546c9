import { useStore } from '@nanostores/react';
import { Panel, PanelGroup, PanelResizeHandle } from 'react-resizable-panels';
import { Icon } from '~/components/ui/icons';
import { Spinner } from '~/components/ui/Spinner';
import type { WorkbenchStore } from '~/lib/stores/workbench';
import { CodeEditor } from './CodeEditor';
import { FileTree } from './FileTree';
import styles from './Workbench.module.css';

function EditorHeader({ store }: { store: WorkbenchStore }) {
  const selected = useStore(store.$selectedFile);
  const unsaved = useStore(store.$unsavedFiles);
  const streaming = useStore(store.$streamingFile);
  const saveError = useStore(store.$saveError);
  const segments = selected?.split('/') ?? [];
  return (
    <div className={styles.editorHeader}>
      <nav className={styles.breadcrumb} aria-label="File path">
        {segments.map((segment, index) => (
          <span key={index} className={index === segments.length - 1 ? styles.crumbCurrent : styles.crumb}>
            {index > 0 && <Icon name="chevronRight" size={10} className={styles.crumbSeparator} />}
            {segment}
          </span>
        ))}
      </nav>
      {selected && selected === streaming && (
        <span className={styles.badge}>
          <Spinner size={10} /> Writing…
        </span>
      )}
      {selected && unsaved.has(selected) && <span className={styles.badge}>Unsaved</span>}
      {saveError && (
        <span className={styles.badgeDanger} role="alert" title={saveError}>
          {saveError}
        </span>
      )}
    </div>
  );
}

export function CodeView({ store }: { store: WorkbenchStore }) {
  return (
    <PanelGroup direction="horizontal" autoSaveId="kiln:code-view" className={styles.fill}>
      <Panel id="files" order={1} defaultSize={24} minSize={12} maxSize={50} className={styles.sidebar}>
        <div className={styles.sidebarHeader}>Files</div>
        <div className={styles.sidebarBody}>
          <FileTree store={store} />
        </div>
      </Panel>
      <PanelResizeHandle className={styles.resizeHandleVertical} />
      <Panel id="editor" order={2} minSize={30} className={styles.editorPanel}>
        <EditorHeader store={store} />
        <CodeEditor store={store} />
      </Panel>
    </PanelGroup>
  );
}
