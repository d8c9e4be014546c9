import { renderToStaticMarkup } from 'react-dom/server';
import { beforeEach, describe, expect, it } from 'vitest';
import { clearDialogs, openDialog } from '~/lib/stores/dialogs';
import { DialogHost } from './DialogHost';
import { fatalErrorCopy } from './fatal-error-copy';

const render = () => renderToStaticMarkup(<DialogHost renderers={{ 'database-project-limit': () => <p>limit reached</p> }} />);

beforeEach(() => clearDialogs());

describe('DialogHost', () => {
  it('renders nothing with an empty queue', () => {
    expect(render()).toBe('');
  });

  it.each([
    ['out-of-memory', 'runner', 'The sandbox ran out of memory', 'Reload the page'],
    ['out-of-memory', 'webcontainer', 'The sandbox ran out of memory', 'Close other tabs'],
    ['startup-timeout', 'runner', 'The sandbox took too long to start', 'RUNNER_URL'],
    ['startup-timeout', 'webcontainer', 'The sandbox took too long to start', 'Chromium-based browser'],
    ['startup-error', 'runner', 'The sandbox could not start', 'Your saved files are kept on the server'],
    ['startup-error', 'webcontainer', 'The sandbox could not start', 'Chromium-based browser'],
  ] as const)('shows the %s fatal error for the %s sandbox as a labelled modal', (variant, sandboxKind, title, advice) => {
    openDialog({ type: 'fatal-error', variant, sandboxKind, message: 'RangeError: <boom>' });
    const html = render();

    expect(html).toContain('role="dialog"');
    expect(html).toContain('aria-modal="true"');
    expect(html).toMatch(/aria-labelledby="([^"]+)"[^>]*>[\s\S]*<h2 id="\1"/);
    expect(html).toContain(`data-testid="fatal-error-dialog-${variant}"`);
    expect(html).toContain(title);
    expect(html).toContain(advice);
    expect(html).toContain('Reload page');
    expect(html).toContain('RangeError: &lt;boom&gt;');
  });

  it('gives every variant and sandbox its own advice', () => {
    const texts = (['out-of-memory', 'startup-timeout', 'startup-error'] as const).flatMap((variant) =>
      (['runner', 'webcontainer'] as const).map((kind) => fatalErrorCopy(variant, kind).paragraphs.join(' ')),
    );
    expect(new Set(texts).size).toBe(6);
  });

  it('shows the Safari warning', () => {
    openDialog({ type: 'experimental-browser' });
    const html = render();

    expect(html).toContain('Safari support is experimental');
    expect(html).toContain('Got it');
  });

  it('hands other dialog types to their renderer, and renders nothing without one', () => {
    openDialog({ type: 'database-project-limit' });
    expect(render()).toBe('<p>limit reached</p>');

    clearDialogs();
    openDialog({ type: 'database-name-exists' });
    expect(render()).toBe('');
  });
});
