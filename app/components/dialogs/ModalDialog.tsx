import { useEffect, useId, useRef, type KeyboardEvent, type ReactNode } from 'react';
import styles from './dialogs.module.css';

export interface ModalDialogProps {
  title: string;
  /** A short glyph shown beside the title. */
  icon?: ReactNode;
  tone?: 'info' | 'danger';
  /** Called on Escape and on a click outside the dialog; without it the dialog can only close by its buttons. */
  onDismiss?: () => void;
  children: ReactNode;
  actions: ReactNode;
  testId?: string;
}

const FOCUSABLE = 'a[href], button:not([disabled]), input:not([disabled]), select, textarea, summary, [tabindex]:not([tabindex="-1"])';

/** Keep Tab and Shift+Tab inside the dialog, as a modal must. */
function trapTab(event: KeyboardEvent<HTMLElement>, container: HTMLElement): void {
  const focusable = [...container.querySelectorAll<HTMLElement>(FOCUSABLE)];
  if (focusable.length === 0) {
    event.preventDefault();
    container.focus();
    return;
  }
  const first = focusable[0];
  const last = focusable[focusable.length - 1];
  const active = document.activeElement;
  if (event.shiftKey && (active === first || active === container)) {
    event.preventDefault();
    last.focus();
  } else if (!event.shiftKey && active === last) {
    event.preventDefault();
    first.focus();
  }
}

/** An accessible modal: labelled, focus moved in (to `[data-autofocus]`) and back out on close. */
export function ModalDialog({ title, icon, tone = 'info', onDismiss, children, actions, testId }: ModalDialogProps) {
  const titleId = useId();
  const bodyId = useId();
  const dialogRef = useRef<HTMLDivElement>(null);

  useEffect(() => {
    const previouslyFocused = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    const dialog = dialogRef.current;
    (dialog?.querySelector<HTMLElement>('[data-autofocus]') ?? dialog)?.focus();
    return () => previouslyFocused?.focus();
  }, []);

  function onKeyDown(event: KeyboardEvent<HTMLDivElement>) {
    if (event.key === 'Escape' && onDismiss) {
      event.stopPropagation();
      onDismiss();
    } else if (event.key === 'Tab' && dialogRef.current) {
      trapTab(event, dialogRef.current);
    }
  }

  return (
    <div
      className={styles.backdrop}
      onMouseDown={(event) => {
        if (event.target === event.currentTarget) {
          onDismiss?.();
        }
      }}
    >
      <div
        ref={dialogRef}
        role="dialog"
        aria-modal="true"
        aria-labelledby={titleId}
        aria-describedby={bodyId}
        tabIndex={-1}
        className={tone === 'danger' ? `${styles.dialog} ${styles.danger}` : styles.dialog}
        onKeyDown={onKeyDown}
        data-testid={testId}
      >
        <div className={styles.header}>
          {icon ? (
            <span className={styles.icon} aria-hidden="true">
              {icon}
            </span>
          ) : null}
          <h2 id={titleId} className={styles.title}>
            {title}
          </h2>
        </div>
        <div id={bodyId} className={styles.body}>
          {children}
        </div>
        <div className={styles.actions}>{actions}</div>
      </div>
    </div>
  );
}
