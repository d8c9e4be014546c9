import { useEffect, useId, useRef, useState } from 'react';
import styles from './FileTree.module.css';

export interface RenameInputProps {
  initialName: string;
  error?: string;
  onSubmit: (name: string) => void;
  onCancel: () => void;
}

/** Inline name field: Enter renames, Escape cancels; a refused rename shows the reason below. */
export function RenameInput({ initialName, error, onSubmit, onCancel }: RenameInputProps) {
  const [name, setName] = useState(initialName);
  const inputRef = useRef<HTMLInputElement>(null);
  const errorId = useId();

  useEffect(() => {
    const input = inputRef.current;
    if (!input) return;
    input.focus();
    const dot = initialName.lastIndexOf('.');
    input.setSelectionRange(0, dot > 0 ? dot : initialName.length);
  }, [initialName]);

  return (
    <span className={styles.renameBox}>
      <input
        ref={inputRef}
        className={styles.renameInput}
        aria-label={`Rename ${initialName}`}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? errorId : undefined}
        value={name}
        onChange={(event) => setName(event.target.value)}
        onClick={(event) => event.stopPropagation()}
        onKeyDown={(event) => {
          event.stopPropagation();
          if (event.key === 'Enter' && name.trim() !== '') onSubmit(name.trim());
          if (event.key === 'Escape') onCancel();
        }}
        onBlur={onCancel}
      />
      {error && (
        <span id={errorId} role="alert" className={styles.renameError}>
          {error}
        </span>
      )}
    </span>
  );
}
