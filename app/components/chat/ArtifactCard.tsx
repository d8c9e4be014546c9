import { memo } from 'react';
import type { ActionState, ArtifactState } from '~/lib/runtime/types';
import { ActionRow } from './ActionRow';
import { CheckIcon, CrossIcon, SpinnerIcon } from './icons';

function overallStatus(artifact: ArtifactState, actions: readonly ActionState[]): 'working' | 'done' | 'failed' {
  if (actions.some((action) => action.status === 'failed')) {
    return 'failed';
  }
  const settled = actions.every((action) => action.status !== 'pending' && (action.status !== 'running' || action.type === 'start'));
  return artifact.closed && settled ? 'done' : 'working';
}

/** An artifact of an answer: its title and each action with a live status. */
export const ArtifactCard = memo(function ArtifactCard({
  artifact,
  actions,
}: {
  artifact: ArtifactState;
  actions: Readonly<Record<string, ActionState>>;
}) {
  const list = artifact.actionIds.map((id) => actions[id]).filter((action): action is ActionState => action !== undefined);
  const status = overallStatus(artifact, list);
  return (
    <section className="kiln-artifact" data-testid="artifact-card" data-artifact-id={artifact.id} aria-label={artifact.title}>
      <header className="kiln-artifact-header">
        <span className={`kiln-artifact-state kiln-artifact-${status}`}>
          {status === 'working' ? <SpinnerIcon /> : status === 'done' ? <CheckIcon /> : <CrossIcon />}
        </span>
        <span className="kiln-artifact-title">{artifact.title || 'Untitled'}</span>
        <span className="kiln-artifact-count">
          {list.length} {list.length === 1 ? 'step' : 'steps'}
        </span>
      </header>
      {list.length > 0 && (
        <ul className="kiln-actions">
          {list.map((action) => (
            <ActionRow key={action.id} action={action} />
          ))}
        </ul>
      )}
    </section>
  );
});
