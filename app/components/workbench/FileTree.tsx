import { useStore } from '@nanostores/react';
import { useEffect, useMemo, useRef, useState, type KeyboardEvent } from 'react';
import { Icon } from '~/components/ui/icons';
import type { WorkbenchStore } from '~/lib/stores/workbench';
import { getErrorMessage } from '~/utils/errors';
import { fileIconFor } from './file-icon';
import { ancestorsOf, buildTreeRows, type TreeRow } from './file-tree-model';
import { RenameInput } from './RenameInput';
import styles from './FileTree.module.css';

/** The project's files as an ARIA tree: arrows move, Right/Left open/close, Enter opens, F2 renames. */
export function FileTree({ store }: { store: WorkbenchStore }) {
  const files = useStore(store.$files);
  const selected = useStore(store.$selectedFile);
  const unsaved = useStore(store.$unsavedFiles);
  const streaming = useStore(store.$streamingFile);
  const [collapsed, setCollapsed] = useState<ReadonlySet<string>>(() => new Set());
  const [focused, setFocused] = useState<string | undefined>(undefined);
  const [renaming, setRenaming] = useState<string | undefined>(undefined);
  const [renameError, setRenameError] = useState<string | undefined>(undefined);
  const listRef = useRef<HTMLUListElement>(null);

  // Reveal the selected file (e.g. when streaming switches to it).
  useEffect(() => {
    if (!selected) return;
    setCollapsed((current) => {
      const hidden = ancestorsOf(selected).filter((folder) => current.has(folder));
      if (hidden.length === 0) return current;
      const next = new Set(current);
      for (const folder of hidden) next.delete(folder);
      return next;
    });
  }, [selected]);

  const rows = useMemo(() => buildTreeRows(files, collapsed), [files, collapsed]);
  const activePath = rows.some((row) => row.path === focused) ? focused : (selected ?? rows[0]?.path);

  const setFolderOpen = (path: string, open: boolean) => {
    setCollapsed((current) => {
      const next = new Set(current);
      if (open) next.delete(path);
      else next.add(path);
      return next;
    });
  };

  const focusRow = (path: string) => {
    setFocused(path);
    listRef.current?.querySelector<HTMLElement>(`[data-path="${CSS.escape(path)}"]`)?.focus();
  };

  const activate = (row: TreeRow) => {
    if (row.kind === 'folder') setFolderOpen(row.path, !row.expanded);
    else store.selectFile(row.path);
  };

  const onKeyDown = (event: KeyboardEvent<HTMLElement>, row: TreeRow, index: number) => {
    const move = (target: TreeRow | undefined) => {
      if (!target) return;
      event.preventDefault();
      focusRow(target.path);
    };
    switch (event.key) {
      case 'ArrowDown':
        return move(rows[index + 1]);
      case 'ArrowUp':
        return move(rows[index - 1]);
      case 'Home':
        return move(rows[0]);
      case 'End':
        return move(rows[rows.length - 1]);
      case 'ArrowRight':
        event.preventDefault();
        if (row.kind === 'folder' && !row.expanded) setFolderOpen(row.path, true);
        else if (row.kind === 'folder') move(rows[index + 1]);
        return;
      case 'ArrowLeft': {
        event.preventDefault();
        if (row.kind === 'folder' && row.expanded) return setFolderOpen(row.path, false);
        const parent = ancestorsOf(row.path).pop();
        if (parent) focusRow(parent);
        return;
      }
      case 'Enter':
      case ' ':
        event.preventDefault();
        return activate(row);
      case 'F2':
        event.preventDefault();
        setRenameError(undefined);
        return setRenaming(row.path);
    }
  };

  const submitRename = async (from: string, name: string) => {
    const parent = ancestorsOf(from).pop();
    const to = parent ? `${parent}/${name}` : name;
    if (to === from) return setRenaming(undefined);
    try {
      await store.renameFile(from, to);
      setRenaming(undefined);
      setRenameError(undefined);
      setFocused(to);
    } catch (error) {
      setRenameError(getErrorMessage(error));
    }
  };

  if (rows.length === 0) {
    return (
      <div className={styles.empty} data-testid="file-tree">
        No files yet
      </div>
    );
  }

  return (
    <ul ref={listRef} role="tree" aria-label="Project files" className={styles.tree} data-testid="file-tree">
      {rows.map((row, index) => {
        const isSelected = row.kind === 'file' && row.path === selected;
        return (
          <li
            key={row.path}
            role="treeitem"
            aria-level={row.depth + 1}
            aria-selected={row.kind === 'file' ? isSelected : undefined}
            aria-expanded={row.kind === 'folder' ? row.expanded : undefined}
            tabIndex={row.path === activePath ? 0 : -1}
            data-testid="file-tree-item"
            data-path={row.path}
            data-kind={row.kind}
            className={[styles.row, isSelected && styles.selected].filter(Boolean).join(' ')}
            style={{ paddingLeft: 8 + row.depth * 14 }}
            title={row.path}
            onClick={() => {
              setFocused(row.path);
              activate(row);
            }}
            onDoubleClick={() => setRenaming(row.path)}
            onKeyDown={(event) => {
              if (event.target === event.currentTarget) onKeyDown(event, row, index);
            }}
          >
            {row.kind === 'folder' ? (
              <>
                <Icon name={row.expanded ? 'chevronDown' : 'chevronRight'} size={12} className={styles.chevron} />
                <Icon name={row.expanded ? 'folderOpen' : 'folder'} size={15} className={styles.folderIcon} />
              </>
            ) : (
              <Icon name={fileIconFor(row.path)} size={15} className={styles.fileIcon} />
            )}
            {renaming === row.path ? (
              <RenameInput
                initialName={row.name}
                error={renameError}
                onSubmit={(name) => void submitRename(row.path, name)}
                onCancel={() => {
                  setRenaming(undefined);
                  setRenameError(undefined);
                  focusRow(row.path);
                }}
              />
            ) : (
              <span className={styles.name}>{row.name}</span>
            )}
            {row.path === streaming && <span className={styles.streaming} aria-label="being written" />}
            {unsaved.has(row.path) && <span className={styles.unsaved} aria-label="unsaved changes" />}
          </li>
        );
      })}
    </ul>
  );
}
