import { atom } from 'nanostores';
import { renderToString } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import type { ChatStatus } from '~/lib/stores/chat';
import { RestoreSnapshot, type ChatSnapshots } from './RestoreSnapshot';

function snapshots(ids: string[], restoring: string | null = null, status: ChatStatus = 'idle'): ChatSnapshots {
  return {
    $snapshots: atom(ids.map((messageId) => ({ messageId }))),
    $restoring: atom(restoring),
    $status: atom(status),
    restore: async () => true,
  };
}

const render = (messageId: string, store: ChatSnapshots) => renderToString(<RestoreSnapshot messageId={messageId} snapshots={store} />);

describe('Restore button', () => {
  it('appears only on answers that have a snapshot', () => {
    expect(render('a1', snapshots(['a2']))).toBe('');
    const html = render('a1', snapshots(['a1']));
    expect(html).toContain('data-testid="restore-snapshot"');
    expect(html).toContain('data-message-id="a1"');
    expect(html).not.toContain('disabled');
  });

  it.each([
    ['another restore runs', snapshots(['a1', 'a2'], 'a2'), 'Restore'],
    ['this restore runs', snapshots(['a1'], 'a1'), 'Restoring…'],
    ['an answer is streaming', snapshots(['a1'], null, 'streaming'), 'Restore'],
  ])('is disabled while %s', (_name, store, label) => {
    const html = render('a1', store);
    expect(html).toMatch(/<button[^>]*disabled=""[^>]*data-testid="restore-snapshot"|<button[^>]*data-testid="restore-snapshot"[^>]*disabled=""/);
    expect(html).toContain(`>${label}</button>`);
  });
});
