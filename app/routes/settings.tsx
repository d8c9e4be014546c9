import { redirect, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node';
import { Outlet } from '@remix-run/react';
import { Header } from '~/components/header/Header';
import { SettingsNav } from '~/components/settings/SettingsNav';
import '~/components/settings/settings.css';
import { getUser } from '~/lib/.server/auth/viewer';
import { useViewer } from '~/root';

export const meta: MetaFunction = () => [{ title: 'Settings · Kiln' }];

/** Settings belong to an account: guests and visitors sign in first. /settings opens the tokens page. */
export async function loader({ request }: LoaderFunctionArgs) {
  const url = new URL(request.url);
  const viewer = await getUser(request).catch(() => null);
  if (!viewer || viewer.isGuest) {
    throw redirect(`/sign-in?redirectTo=${encodeURIComponent(url.pathname)}`);
  }
  if (url.pathname.replace(/\/+$/, '') === '/settings') {
    throw redirect('/settings/tokens');
  }
  return null;
}

export default function Settings() {
  const viewer = useViewer();
  return (
    <div className="kiln-settings-page">
      <Header viewer={viewer} />
      <div className="kiln-settings">
        <SettingsNav />
        <main className="kiln-settings-main">
          <Outlet />
        </main>
      </div>
    </div>
  );
}
