import { memo, useState } from 'react';
import type { ActionState, ActionStatus } from '~/lib/runtime/types';
import { CheckIcon, ChevronIcon, CircleIcon, CrossIcon, SkipIcon, SpinnerIcon } from './icons';

const STATUS_LABEL: Record<ActionStatus, string> = {
  pending: 'Waiting',
  running: 'Running',
  complete: 'Done',
  failed: 'Failed',
  aborted: 'Stopped',
  skipped: 'Skipped',
};

function StatusIcon({ status }: { status: ActionStatus }) {
  switch (status) {
    case 'pending':
      return <CircleIcon />;
    case 'running':
      return <SpinnerIcon />;
    case 'complete':
      return <CheckIcon />;
    case 'failed':
      return <CrossIcon />;
    case 'aborted':
      return <CrossIcon />;
    case 'skipped':
      return <SkipIcon />;
  }
}

function describe(action: ActionState): { verb: string; subject: string; code: boolean } {
  if (action.type === 'file') {
    return { verb: action.kind === 'update' ? 'Update' : 'Create', subject: action.filePath ?? '', code: true };
  }
  const command = action.content.trim().split('\n')[0] ?? '';
  return { verb: action.type === 'start' ? 'Start' : 'Run', subject: command, code: true };
}

/** One action of an artifact: live status, what it does, and its output or error on demand. */
export const ActionRow = memo(function ActionRow({ action }: { action: ActionState }) {
  const [open, setOpen] = useState(false);
  const { verb, subject } = describe(action);
  const detail = [action.error, action.output].filter(Boolean).join('\n\n').trim();
  const expandable = detail !== '';
  return (
    <li className="kiln-action" data-testid="action-row" data-status={action.status} data-type={action.type}>
      <button
        type="button"
        className="kiln-action-line"
        onClick={() => expandable && setOpen((value) => !value)}
        aria-expanded={expandable ? open : undefined}
        disabled={!expandable}
      >
        <span className={`kiln-action-status kiln-status-${action.status}`} title={STATUS_LABEL[action.status]}>
          <StatusIcon status={action.status} />
          <span className="kiln-visually-hidden">{STATUS_LABEL[action.status]}</span>
        </span>
        <span className="kiln-action-verb">{verb}</span>
        <code className="kiln-action-subject">{subject}</code>
        {action.autoCreated && <span className="kiln-action-badge">auto</span>}
        {expandable && (
          <span className="kiln-action-chevron">
            <ChevronIcon open={open} />
          </span>
        )}
      </button>
      {open && expandable && (
        <pre className={`kiln-action-output${action.error ? ' kiln-action-output-error' : ''}`} data-testid="action-output">
          {detail}
        </pre>
      )}
    </li>
  );
});
