/** Who may read a project: the owner changes it with PATCH /api/projects/{slug}; the server has the last word. */
import { atom, type ReadableAtom } from 'nanostores';
import { z } from 'zod';

export type Visibility = 'private' | 'public';

const errorBodySchema = z.object({
  errors: z.array(z.union([z.string(), z.object({ message: z.string() }).passthrough()])).min(1),
});

/** The server's own words for a refusal (e.g. guests may not publish), else a status line. */
export async function readServerError(response: Response): Promise<string> {
  const parsed = errorBodySchema.safeParse(await response.json().catch(() => null));
  if (parsed.success) {
    return parsed.data.errors.map((entry) => (typeof entry === 'string' ? entry : entry.message)).join(' ');
  }
  return `An unexpected status code ${response.status} response was received from the server.`;
}

export interface VisibilityControl {
  readonly $visibility: ReadableAtom<Visibility>;
  /** The change being sent, or null. */
  readonly $pending: ReadableAtom<Visibility | null>;
  /** Resolves true once the server accepted; on refusal the old value stays and onError gets the reason. */
  set(visibility: Visibility): Promise<boolean>;
}

export function createVisibilityControl(options: {
  initial: Visibility;
  getSlug: () => string;
  fetch: typeof fetch;
  onError: (message: string) => void;
}): VisibilityControl {
  const $visibility = atom<Visibility>(options.initial);
  const $pending = atom<Visibility | null>(null);
  return {
    $visibility,
    $pending,
    async set(visibility) {
      if ($pending.get() !== null || visibility === $visibility.get()) return false;
      $pending.set(visibility);
      try {
        const response = await options.fetch(`/api/projects/${encodeURIComponent(options.getSlug())}`, {
          method: 'PATCH',
          headers: { 'Content-Type': 'application/json' },
          body: JSON.stringify({ project: { visibility } }),
        });
        if (!response.ok) {
          options.onError(await readServerError(response));
          return false;
        }
        $visibility.set(visibility);
        return true;
      } catch {
        options.onError('The visibility could not be changed: the server did not answer. Please try again.');
        return false;
      } finally {
        $pending.set(null);
      }
    },
  };
}
