import { redirect, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node';
import { AuthForm } from '~/components/auth/AuthForm';
import { safeRedirectPath } from '~/components/auth/api-errors';
import { handleAuthForm } from '~/lib/.server/auth/form-action';
import { getUser } from '~/lib/.server/auth/viewer';

/** Someone already signed in (not a guest) goes where they were heading. */
export async function loader({ request }: LoaderFunctionArgs) {
  const viewer = await getUser(request).catch(() => null);
  if (viewer && !viewer.isGuest) {
    throw redirect(safeRedirectPath(new URL(request.url).searchParams.get('redirectTo')));
  }
  return null;
}

/** Plain form posts (before hydration or without JavaScript) sign in here; scripts use the JSON API. */
export async function action({ request }: ActionFunctionArgs) {
  return handleAuthForm(request, 'sign-in', safeRedirectPath(new URL(request.url).searchParams.get('redirectTo')));
}

export const meta: MetaFunction = () => [{ title: 'Sign in · Kiln' }];

export default function SignIn() {
  return <AuthForm mode="sign-in" />;
}
