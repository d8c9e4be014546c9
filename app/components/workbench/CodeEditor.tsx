import type { EditorState } from '@codemirror/state';
import type { EditorView } from '@codemirror/view';
import { useStore } from '@nanostores/react';
import { useEffect, useRef, useState } from 'react';
import { Icon } from '~/components/ui/icons';
import { Spinner } from '~/components/ui/Spinner';
import { $settings } from '~/lib/stores/settings';
import type { WorkbenchStore } from '~/lib/stores/workbench';
import type * as codemirror from './codemirror.client';
import type { DocumentSettings, EditorCallbacks, EditorCompartments } from './codemirror.client';
import styles from './Workbench.module.css';

type CodeMirrorModule = typeof codemirror;

interface MountedEditor {
  cm: CodeMirrorModule;
  view: EditorView;
  compartments: EditorCompartments;
  /** One state per file keeps undo history and selection when switching files. */
  states: Map<string, EditorState>;
  path?: string;
  /** Settings last applied, so unchanged settings are not reconfigured on every keystroke. */
  settingsKey?: string;
}

/** The CodeMirror editor for the selected file; CodeMirror loads on the client only. */
export function CodeEditor({ store }: { store: WorkbenchStore }) {
  const document = useStore(store.$currentDocument);
  const streamingFile = useStore(store.$streamingFile);
  const settings = useStore($settings);
  const hostRef = useRef<HTMLDivElement>(null);
  const editorRef = useRef<MountedEditor | null>(null);
  const [loaded, setLoaded] = useState(false);

  const callbacksRef = useRef<EditorCallbacks>({ onChange() {}, onSave() {}, onScroll() {} });
  const path = document?.filePath;
  callbacksRef.current = {
    onChange: (value) => path && store.updateDocument(path, value),
    onSave: () => void store.saveCurrentFile(),
    onScroll: (scroll) => path && store.updateScroll(path, scroll),
  };

  useEffect(() => {
    let cancelled = false;
    let view: EditorView | undefined;
    void import('./codemirror.client').then((cm) => {
      if (cancelled || !hostRef.current) return;
      view = new cm.EditorView({ parent: hostRef.current });
      editorRef.current = { cm, view, compartments: cm.createCompartments(), states: new Map() };
      setLoaded(true);
    });
    return () => {
      cancelled = true;
      view?.destroy();
      editorRef.current = null;
    };
  }, []);

  useEffect(() => {
    const editor = editorRef.current;
    if (!loaded || !editor || !document || document.isBinary) return;
    const { cm, view, compartments } = editor;
    const isStreaming = document.filePath === streamingFile;
    const documentSettings: DocumentSettings = {
      path: document.filePath,
      readOnly: isStreaming,
      tabSize: settings.editorTabSize,
      lineWrapping: settings.editorLineWrapping,
    };

    if (editor.path !== document.filePath) {
      if (editor.path) editor.states.set(editor.path, view.state);
      const state =
        editor.states.get(document.filePath) ??
        cm.createEditorState(document.value, compartments, documentSettings, () => callbacksRef.current);
      view.setState(state);
      editor.path = document.filePath;
      editor.settingsKey = undefined;
      const scroll = document.scroll;
      requestAnimationFrame(() => view.scrollDOM.scrollTo(scroll?.left ?? 0, scroll?.top ?? 0));
    }

    const settingsKey = JSON.stringify(documentSettings);
    if (editor.settingsKey !== settingsKey) {
      editor.settingsKey = settingsKey;
      view.dispatch({ effects: cm.reconfigureSettings(compartments, documentSettings) });
    }

    const current = view.state.doc.toString();
    if (current !== document.value) {
      // Streaming appends; send only the new tail so the editor does not re-highlight everything.
      const appended = document.value.startsWith(current);
      view.dispatch({
        changes: appended
          ? { from: current.length, insert: document.value.slice(current.length) }
          : { from: 0, to: current.length, insert: document.value },
        annotations: cm.externalChange.of(true),
        scrollIntoView: isStreaming,
      });
    }
  }, [loaded, document, streamingFile, settings]);

  return (
    <div className={styles.editorHost} style={{ ['--kiln-editor-font-size' as string]: `${settings.editorFontSize}px` }}>
      <div ref={hostRef} className={styles.codemirror} data-testid="editor" hidden={!document || document.isBinary} />
      {!loaded && document && !document.isBinary && (
        <div className={styles.editorPlaceholder}>
          <Spinner label="Loading editor" />
        </div>
      )}
      {document?.isBinary && (
        <div className={styles.editorPlaceholder}>
          <Icon name="image" size={28} />
          <p>Binary file — not shown</p>
        </div>
      )}
      {!document && (
        <div className={styles.editorPlaceholder}>
          <Icon name="fileCode" size={28} />
          <p>Select a file to view it</p>
        </div>
      )}
    </div>
  );
}
