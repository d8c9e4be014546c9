import { type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node';
import { AuthForm } from '~/components/auth/AuthForm';
import { authPageAction, redirectSignedIn } from '~/lib/.server/auth/form-action';

export const loader = ({ request }: LoaderFunctionArgs) => redirectSignedIn(request);

/** Plain form posts (before hydration or without JavaScript) land here; scripts use the JSON API. */
export const action = ({ request }: ActionFunctionArgs) => authPageAction(request, 'sign-in');

export const meta: MetaFunction = () => [{ title: 'Sign in · Kiln' }];

export default function SignIn() {
  return <AuthForm mode="sign-in" />;
}
