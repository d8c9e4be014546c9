import { useRevalidator } from '@remix-run/react';
import { useState, type FormEvent } from 'react';
import { readApiErrors } from '~/components/auth/api-errors';
import { formatEditedAt } from '~/components/project/RecentProjects';

export interface TokenSummary {
  id: string;
  name: string;
  createdAt: string;
  lastUsedAt: string | null;
}

function NewToken({ token, onDone }: { token: { name: string; token: string }; onDone: () => void }) {
  const [copied, setCopied] = useState(false);
  const copy = async () => {
    await navigator.clipboard.writeText(token.token).then(
      () => setCopied(true),
      () => setCopied(false),
    );
  };
  return (
    <div className="kiln-new-token" role="status" data-testid="new-token">
      <p>
        <strong>{token.name}</strong> was created. Copy it now: it is shown only once.
      </p>
      <div className="kiln-new-token-row">
        <code data-testid="new-token-value">{token.token}</code>
        <button type="button" className="kiln-button kiln-button-secondary" onClick={() => void copy()} data-testid="copy-token">
          {copied ? 'Copied' : 'Copy'}
        </button>
      </div>
      <button type="button" className="kiln-button kiln-button-ghost" onClick={onDone}>
        Done
      </button>
    </div>
  );
}

/** Personal access tokens for the API: create (shown once), list, revoke. */
export function TokensPanel({ tokens }: { tokens: readonly TokenSummary[] }) {
  const revalidator = useRevalidator();
  const [name, setName] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [created, setCreated] = useState<{ name: string; token: string } | null>(null);

  async function create(event: FormEvent) {
    event.preventDefault();
    setBusy(true);
    setError(null);
    try {
      const response = await fetch('/api/tokens', {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify({ name: name.trim() }),
      });
      if (!response.ok) {
        setError((await readApiErrors(response)).message);
      } else {
        const body = (await response.json()) as { name: string; token: string };
        setCreated({ name: body.name, token: body.token });
        setName('');
        revalidator.revalidate();
      }
    } catch {
      setError('Kiln could not be reached. Check your connection and try again.');
    }
    setBusy(false);
  }

  async function revoke(token: TokenSummary) {
    if (!window.confirm(`Revoke "${token.name}"? Anything using it stops working.`)) {
      return;
    }
    const response = await fetch(`/api/tokens/${encodeURIComponent(token.id)}`, { method: 'DELETE' }).catch(() => null);
    if (!response?.ok) {
      setError(response ? (await readApiErrors(response)).message : 'Kiln could not be reached.');
    }
    revalidator.revalidate();
  }

  return (
    <section className="kiln-settings-section" data-testid="tokens-settings">
      <h2>Access tokens</h2>
      <p className="kiln-settings-lead">
        Tokens let scripts and tools call Kiln&apos;s API as you, with <code>Authorization: Bearer &lt;token&gt;</code>. Treat them like
        passwords.
      </p>
      {created && <NewToken token={created} onDone={() => setCreated(null)} />}
      <form className="kiln-token-form" onSubmit={(event) => void create(event)}>
        <label htmlFor="token-name" className="kiln-visually-hidden">
          Token name
        </label>
        <input
          id="token-name"
          className="kiln-input"
          placeholder="Token name, e.g. CI deploys"
          value={name}
          maxLength={100}
          onChange={(event) => setName(event.target.value)}
          data-testid="token-name"
        />
        <button type="submit" className="kiln-button kiln-button-primary" disabled={busy || name.trim() === ''} data-testid="create-token">
          Create token
        </button>
      </form>
      {error && (
        <p className="kiln-auth-error" role="alert">
          {error}
        </p>
      )}
      {tokens.length === 0 ? (
        <p className="kiln-settings-empty">No tokens yet.</p>
      ) : (
        <ul className="kiln-token-list" data-testid="token-list">
          {tokens.map((token) => (
            <li key={token.id} className="kiln-token" data-testid="token-row">
              <div>
                <div className="kiln-token-name">{token.name}</div>
                <div className="kiln-token-meta" suppressHydrationWarning>
                  Created {formatEditedAt(token.createdAt)} · {token.lastUsedAt ? `last used ${formatEditedAt(token.lastUsedAt)}` : 'never used'}
                </div>
              </div>
              <button type="button" className="kiln-button kiln-button-ghost kiln-token-revoke" onClick={() => void revoke(token)} data-testid="revoke-token">
                Revoke
              </button>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
