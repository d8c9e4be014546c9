import type { MetaFunction } from '@remix-run/node';

export const meta: MetaFunction = () => [{ title: 'Kiln' }];

export default function Index() {
  return <main>Kiln</main>;
}
