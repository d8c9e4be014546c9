import { useStore } from '@nanostores/react';
import type { VisibilityControl } from '~/lib/project/visibility';

/** The owner's share control: one click flips Private ↔ Public (the server may refuse, e.g. for guests). */
export function VisibilityToggle({ control }: { control: VisibilityControl }) {
  const visibility = useStore(control.$visibility);
  const pending = useStore(control.$pending);
  const next = visibility === 'public' ? 'private' : 'public';
  return (
    <button
      type="button"
      className="kiln-button kiln-button-ghost kiln-visibility-toggle"
      data-testid="visibility-toggle"
      data-visibility={visibility}
      aria-pressed={visibility === 'public'}
      disabled={pending !== null}
      title={visibility === 'public' ? 'Anyone with the link can view this project. Click to make it private.' : 'Only you can see this project. Click to share it read-only with anyone who has the link.'}
      onClick={() => void control.set(next)}
    >
      {visibility === 'public' ? 'Public' : 'Private'}
    </button>
  );
}

/** What read-only viewers see instead of the toggle. */
export function PublicBadge() {
  return (
    <span className="kiln-public-badge" data-testid="public-badge" title="Anyone with the link can view this project">
      Public
    </span>
  );
}
