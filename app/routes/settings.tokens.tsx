import { type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node';
import { useLoaderData } from '@remix-run/react';
import { TokensPanel } from '~/components/settings/TokensPanel';
import { listApiTokens, requireAccount } from '~/lib/.server/auth';
import { getDb } from '~/lib/.server/db/client';

export const meta: MetaFunction = () => [{ title: 'Access tokens · Kiln' }];

export async function loader({ request }: LoaderFunctionArgs) {
  const viewer = await requireAccount(request).catch(() => {
    throw new Response('Not logged in', { status: 401 });
  });
  return { tokens: await listApiTokens(await getDb(), viewer.id) };
}

export default function TokensSettings() {
  const { tokens } = useLoaderData<typeof loader>();
  return <TokensPanel tokens={tokens} />;
}
