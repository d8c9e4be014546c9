/**
 * Issue 3: the project API behind the built web tier, on PGlite and on PostgreSQL:
 * (a) saving a 1,000-file 5 MB project, (b) GET throughput at 50 clients, (c) storage of 100 snapshots.
 */
import { getErrorMessage } from '../../app/utils/errors';
import { ensureBuilt, type KilnServer } from '../../tests/support/kiln-server';
import { withBuildPinned } from '../lib/pinned-build';
import { type Bench, type BenchContext } from '../lib/types';
import { pgliteBackend, postgresBackend, type Backend } from './backends';
import { ApiClient, signUpBenchUser } from './http-client';
import { benchLoad, benchSaves, benchSnapshots, type Session } from './api-parts';

interface Part {
  name: string;
  run(session: Session): Promise<void>;
}

const PARTS: Part[] = [
  { name: 'save', run: benchSaves },
  { name: 'load', run: benchLoad },
  { name: 'snapshots, 100 files', run: (session) => benchSnapshots(session, { files: 100, bytesEach: 10 * 1024 }) },
  { name: 'snapshots, 1,000 files', run: (session) => benchSnapshots(session, { files: 1000, bytesEach: 1024 }) },
];

/** The last lines the server printed, and whether it is gone: what a failure message needs. */
function serverState(server: KilnServer): string {
  const exited = server.process.exitCode !== null || server.process.signalCode !== null;
  const tail = server.output().trim().split('\n').slice(-8).join('\n');
  return `${exited ? `the server exited (${server.process.signalCode ?? server.process.exitCode})` : 'the server is running'}; its last output:\n${tail}`;
}

async function runBackend(backend: Backend, context: BenchContext, errors: string[]): Promise<void> {
  context.log(`${backend.label}: starting the web tier (builds first if stale)`);
  const server = await backend.start();
  // Parts may restart the server (PGlite size measurements): they replace session.server.
  const session: Session = { backend, client: new ApiClient(server.url), server, context };
  try {
    await signUpBenchUser(session.client, backend.label === 'PGlite' ? 'lite' : 'pg');
    for (const part of PARTS) {
      context.log(`${backend.label}: ${part.name}`);
      try {
        await part.run(session);
      } catch (error) {
        errors.push(`${backend.label} ${part.name}: ${getErrorMessage(error)}`);
        context.log(`${backend.label} ${part.name} failed: ${getErrorMessage(error)}; ${serverState(session.server)}`);
      }
    }
  } finally {
    await session.server.stop();
    await backend.dispose();
  }
}

async function runApiBench(context: BenchContext): Promise<void> {
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
}

export const apiBench: Bench = {
  name: 'api',
  description: 'Project API on PGlite and PostgreSQL: 5 MB saves, GET throughput at 50 clients, snapshot storage',
  run: (context) => withBuildPinned(ensureBuilt, () => runApiBench(context)),
};
