import { renderToString } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { createVisibilityControl, type Visibility } from '~/lib/project/visibility';
import { PublicBadge, VisibilityToggle } from './VisibilityToggle';

const control = (initial: Visibility) =>
  createVisibilityControl({ initial, getSlug: () => 's', fetch: async () => Response.json({}), onError: () => undefined });

describe('visibility toggle', () => {
  it.each([
    ['private', 'Private', 'false'],
    ['public', 'Public', 'true'],
  ] as const)('shows a %s project as %s', (visibility, label, pressed) => {
    const html = renderToString(<VisibilityToggle control={control(visibility)} />);
    expect(html).toContain('data-testid="visibility-toggle"');
    expect(html).toContain(`aria-pressed="${pressed}"`);
    expect(html).toContain(`>${label}</button>`);
  });

  it('gives read-only viewers a Public badge', () => {
    expect(renderToString(<PublicBadge />)).toContain('data-testid="public-badge"');
  });
});
