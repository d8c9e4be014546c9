import { type LinksFunction, type LoaderFunctionArgs } from '@remix-run/node';
import {
  isRouteErrorResponse,
  Link,
  Links,
  Meta,
  Outlet,
  Scripts,
  ScrollRestoration,
  useRouteError,
  useRouteLoaderData,
} from '@remix-run/react';
import { useEffect, type ReactNode } from 'react';
import '~/components/header/header.css';
import { getUser } from '~/lib/.server/auth/viewer';
import type { Viewer } from '~/lib/stores/auth';
import { initTheme, THEME_BOOT_SCRIPT } from '~/lib/stores/theme';
import globalStyles from './styles/global.css?url';

export const links: LinksFunction = () => [
  { rel: 'stylesheet', href: globalStyles },
  {
    rel: 'icon',
    type: 'image/svg+xml',
    href: "data:image/svg+xml,%3Csvg xmlns='http://www.w3.org/2000/svg' viewBox='0 0 24 24'%3E%3Crect width='24' height='24' rx='6' fill='%23e8590c'/%3E%3Cpath d='M12 5.5c.6 2.3 3.8 3.9 3.8 7.3A3.8 3.8 0 0 1 8.2 12.8c0-1.6.8-2.6 1.6-3.3.1 1.1.7 1.9 1.5 2.2-.4-2.4.1-4.6.7-6.2z' fill='%23fff'/%3E%3C/svg%3E",
  },
];

/** The viewer as every page's header shows it. A bad bearer token on a page load counts as anonymous. */
export async function loader({ request }: LoaderFunctionArgs): Promise<{ viewer: Viewer | null }> {
  const user = await getUser(request).catch(() => null);
  if (!user) {
    return { viewer: null };
  }
  return { viewer: { id: user.id, username: user.username ?? user.email ?? 'Guest', isGuest: user.isGuest } };
}

/** The signed-in viewer from the root loader, for any component below it. */
export function useViewer(): Viewer | null {
  return useRouteLoaderData<typeof loader>('root')?.viewer ?? null;
}

export function Layout({ children }: { children: ReactNode }) {
  useEffect(() => initTheme(), []);
  return (
    // data-theme is set by the boot script before first paint, so the server's markup differs.
    <html lang="en" suppressHydrationWarning>
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="color-scheme" content="light dark" />
        <script dangerouslySetInnerHTML={{ __html: THEME_BOOT_SCRIPT }} />
        <Meta />
        <Links />
      </head>
      <body>
        {children}
        <ScrollRestoration />
        <Scripts />
      </body>
    </html>
  );
}

export default function App() {
  return <Outlet />;
}

export function ErrorBoundary() {
  const error = useRouteError();
  const status = isRouteErrorResponse(error) ? error.status : 500;
  const title = status === 404 ? 'Page not found' : 'Something went wrong.';
  const detail =
    status === 404
      ? 'The page you are looking for does not exist or you do not have access to it.'
      : 'Kiln hit an unexpected error. Please try again.';
  return (
    <main className="kiln-error-page" data-testid="error-page">
      <p className="kiln-error-status">{status}</p>
      <h1>{title}</h1>
      <p>{detail}</p>
      <Link to="/" className="kiln-button kiln-button-primary" reloadDocument>
        Back to Kiln
      </Link>
    </main>
  );
}
