import { useStore } from '@nanostores/react';
import { useState } from 'react';
import { Icon } from '~/components/ui/icons';
import { IconButton } from '~/components/ui/IconButton';
import type { WorkbenchStore } from '~/lib/stores/workbench';
import { PreviewStatus } from './PreviewStatus';
import styles from './Preview.module.css';

/** Resolves what the user typed in the address bar against the preview; other origins are refused. */
export function resolvePreviewAddress(baseUrl: string, typed: string): string | undefined {
  try {
    const base = new URL(baseUrl);
    const target = new URL(typed.trim() || '/', base);
    return target.origin === base.origin ? target.href : undefined;
  } catch {
    return undefined;
  }
}

export function PreviewPane({ store }: { store: WorkbenchStore }) {
  const previews = useStore(store.$previews);
  const active = useStore(store.$activePreview);
  const pane = useStore(store.$previewPane);
  // Where the user navigated with the address bar; forgotten when the preview's base URL changes.
  const [navigation, setNavigation] = useState<{ baseUrl: string; url: string } | undefined>(undefined);
  const [draft, setDraft] = useState<string | undefined>(undefined);

  const baseUrl = active?.baseUrl;
  const frameUrl = baseUrl && navigation?.baseUrl === baseUrl ? navigation.url : baseUrl;
  const address = draft ?? frameUrl ?? '';

  const sortedPorts = [...previews].sort((a, b) => a.port - b.port);

  return (
    <div className={styles.pane}>
      <div className={styles.toolbar}>
        <IconButton
          icon="refresh"
          label="Reload preview"
          data-testid="preview-reload"
          disabled={!active}
          onClick={() => store.reloadPreview()}
        />
        <form
          className={styles.address}
          onSubmit={(event) => {
            event.preventDefault();
            const next = baseUrl ? resolvePreviewAddress(baseUrl, address) : undefined;
            if (baseUrl && next) {
              setNavigation({ baseUrl, url: next });
              store.reloadPreview();
            }
            setDraft(undefined);
          }}
        >
          <Icon name="globe" size={14} className={styles.addressIcon} />
          <input
            aria-label="Preview address"
            className={styles.addressInput}
            value={address}
            placeholder="No preview running"
            disabled={!active}
            spellCheck={false}
            onChange={(event) => setDraft(event.target.value)}
            onBlur={() => setDraft(undefined)}
            onKeyDown={(event) => event.key === 'Escape' && setDraft(undefined)}
          />
        </form>
        {previews.length > 0 && (
          <label className={styles.portPicker}>
            <span className="kiln-visually-hidden">Preview port</span>
            <select
              data-testid="port-picker"
              value={active?.port ?? ''}
              onChange={(event) => store.selectPreview(Number(event.target.value))}
            >
              {sortedPorts.map((preview) => (
                <option key={preview.port} value={preview.port}>
                  :{preview.port}
                  {preview.ready ? '' : ' (starting)'}
                </option>
              ))}
            </select>
          </label>
        )}
        <a
          className={styles.openLink}
          href={frameUrl}
          target="_blank"
          rel="noopener noreferrer"
          aria-label="Open preview in a new tab"
          title="Open preview in a new tab"
          aria-disabled={!frameUrl}
          onClick={(event) => frameUrl || event.preventDefault()}
        >
          <Icon name="external" size={16} />
        </a>
      </div>
      <div className={styles.viewport}>
        {pane.kind === 'ready' && frameUrl ? (
          <iframe
            // A new key remounts the frame: the forced src reload of spec §4.
            key={`${pane.preview.port}:${pane.preview.reloadKey}`}
            data-testid="preview-iframe"
            className={styles.frame}
            title={`Preview on port ${pane.preview.port}`}
            src={frameUrl}
            allow="clipboard-read; clipboard-write; fullscreen"
          />
        ) : (
          pane.kind !== 'ready' && <PreviewStatus store={store} state={pane} />
        )}
      </div>
    </div>
  );
}
