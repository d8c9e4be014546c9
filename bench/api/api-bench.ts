/**
 * Issue 3: the project API behind the built web tier, on PGlite and on PostgreSQL:
 * (a) saving a 1,000-file 5 MB project, (b) GET throughput at 50 clients, (c) storage of 100 snapshots.
 */
import { getErrorMessage } from '../../app/utils/errors';
import { type KilnServer } from '../../tests/support/kiln-server';
import { type BenchContext, type Bench } from '../lib/types';
import { pgliteBackend, postgresBackend, type Backend } from './backends';
import { ApiClient, signUpBenchUser } from './http-client';
import { benchLoad, benchSaves, benchSnapshots } from './api-parts';

interface Part {
  name: string;
  run(session: { backend: Backend; client: ApiClient; server: KilnServer; context: BenchContext }): Promise<KilnServer>;
}

const PARTS: Part[] = [
  { name: 'save', run: async (session) => (await benchSaves(session), session.server) },
  { name: 'load', run: async (session) => (await benchLoad(session), session.server) },
  { name: 'snapshots', run: (session) => benchSnapshots(session) },
];

async function runBackend(backend: Backend, context: BenchContext, errors: string[]): Promise<void> {
  context.log(`${backend.label}: starting the web tier (builds first if stale)`);
  let server = await backend.start();
  try {
    const client = new ApiClient(server.url);
    await signUpBenchUser(client, backend.label === 'PGlite' ? 'lite' : 'pg');
    for (const part of PARTS) {
      context.log(`${backend.label}: ${part.name}`);
      try {
        server = await part.run({ backend, client, server, context });
      } catch (error) {
        errors.push(`${backend.label} ${part.name}: ${getErrorMessage(error)}`);
        context.log(`${backend.label} ${part.name} failed: ${getErrorMessage(error)}`);
      }
    }
  } finally {
    await server.stop();
    await backend.dispose();
  }
}

export const apiBench: Bench = {
  name: 'api',
  description: 'Project API on PGlite and PostgreSQL: 5 MB saves, GET throughput at 50 clients, snapshot storage',
  async run(context) {
    const errors: string[] = [];
    const backends: Array<() => Promise<Backend | undefined>> = [async () => pgliteBackend(), postgresBackend];
    for (const makeBackend of backends) {
      let backend: Backend | undefined;
      try {
        backend = await makeBackend();
        if (!backend) {
          errors.push('PostgreSQL: TEST_DATABASE_URL is not set; run `eval "$(bash scripts/test-postgres.sh start)"` first');
          continue;
        }
        await runBackend(backend, context, errors);
      } catch (error) {
        errors.push(`${backend?.label ?? 'backend'}: ${getErrorMessage(error)}`);
      }
    }
    if (errors.length > 0) {
      throw new Error(errors.join('; '));
    }
  },
};
