/**
 * Hydrates the document. No StrictMode: its double-run effects would open every project's sandbox
 * twice in development, and a sandbox is a real process tree on the runner.
 */
import { RemixBrowser } from '@remix-run/react';
import { startTransition } from 'react';
import { hydrateRoot } from 'react-dom/client';

startTransition(() => {
  hydrateRoot(document, <RemixBrowser />);
});
