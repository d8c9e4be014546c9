import { type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node';
import { AuthForm } from '~/components/auth/AuthForm';
import { authPageAction, redirectSignedIn } from '~/lib/.server/auth/form-action';

export const loader = ({ request }: LoaderFunctionArgs) => redirectSignedIn(request);

/** Plain form posts (before hydration or without JavaScript) land here; scripts use the JSON API. */
export const action = ({ request }: ActionFunctionArgs) => authPageAction(request, 'sign-up');

export const meta: MetaFunction = () => [{ title: 'Create an account · Kiln' }];

export default function SignUp() {
  return <AuthForm mode="sign-up" />;
}
