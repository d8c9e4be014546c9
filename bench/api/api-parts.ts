/** The three measurements of the API bench; each adds its metrics as soon as it has them. */
import { type KilnServer } from '../../tests/support/kiln-server';
import { lessThan, MB, percentile, round } from '../lib/stats';
import { type BenchContext } from '../lib/types';
import { type Backend } from './backends';
import { tableGrowth } from './db-size';
import { type ApiClient, createBenchProject, saveBenchProject } from './http-client';
import { runLoad } from './load';
import { changeOneFile, generateProject, toAppFiles, toSnapshotJson, totalChars } from './project-fixtures';

export interface Session {
  backend: Backend;
  client: ApiClient;
  server: KilnServer;
  context: BenchContext;
}

const SAVES = 20;
const LOAD_CLIENTS = 50;
const LOAD_SECONDS = 10;
const SNAPSHOTS = 100;

/** (a) The first save stores every file; each timed save then sends the whole map with one file changed. */
export async function benchSaves({ backend, client, context }: Session): Promise<void> {
  const project = await createBenchProject(client, 'Bench save');
  let files = generateProject(1000, 5 * 1024, 1);
  const first = await saveBenchProject(client, project.slug, toAppFiles(files), project.editedAt);
  let editedAt = first.editedAt;
  const roundTrips: number[] = [];
  const serverTimings: number[] = [];
  for (let save = 0; save < SAVES; save++) {
    files = changeOneFile(files, save, 100 + save);
    const result = await saveBenchProject(client, project.slug, toAppFiles(files), editedAt);
    editedAt = result.editedAt;
    roundTrips.push(result.response.roundTripMs);
    if (result.response.serverTimingMs !== undefined) serverTimings.push(result.response.serverTimingMs);
  }
  const label = `${backend.label}: save 1,000 files / ${round(totalChars(files) / MB, 1)} MB`;
  context.metric({ name: `${label}, first save (all content new)`, value: round(first.response.roundTripMs, 1), unit: 'ms' });
  context.metric({ name: `${label}, p50 round trip`, value: round(percentile(roundTrips, 50), 1), unit: 'ms' });
  context.metric({ name: `${label}, p95 round trip`, value: round(percentile(roundTrips, 95), 1), unit: 'ms' });
  if (serverTimings.length === roundTrips.length) {
    context.metric({ name: `${label}, p50 Server-Timing`, value: round(percentile(serverTimings, 50), 1), unit: 'ms' });
    context.metric({ name: `${label}, p95 Server-Timing`, value: round(percentile(serverTimings, 95), 1), unit: 'ms' });
  }
  context.note(
    `${backend.label} save: ${SAVES} PATCH saves of the full 1,000-file map, one file changed each; time = HTTP round trip on loopback measured in the bench process (request start to last body byte)` +
      (serverTimings.length === roundTrips.length ? ', plus the Server-Timing header' : '; the server sent no Server-Timing header'),
  );
}

/** (b) Closed-loop GET of one project by 50 keep-alive clients for 10 s. */
export async function benchLoad({ backend, client, server, context }: Session): Promise<void> {
  const project = await createBenchProject(client, 'Bench load');
  const files = generateProject(40, 5 * 1024, 2);
  await saveBenchProject(client, project.slug, toAppFiles(files), project.editedAt);
  const cookie = client.sessionCookie ?? '';
  const result = await runLoad({ url: `${server.url}/api/projects/${project.slug}`, cookie, clients: LOAD_CLIENTS, seconds: LOAD_SECONDS });
  const label = `${backend.label}: GET project, ${LOAD_CLIENTS} clients`;
  context.metric({ name: `${label}, throughput`, value: result.requestsPerSecond, unit: 'req/s' });
  context.metric({ name: `${label}, p50 latency`, value: result.p50Ms, unit: 'ms' });
  context.metric({ name: `${label}, p95 latency`, value: result.p95Ms, unit: 'ms' });
  context.metric({ name: `${label}, errors`, value: result.errors, ...(result.errors === 0 ? {} : { target: '0', met: false }) });
  context.note(
    `${backend.label} load: project of 40 files / ${round(totalChars(files) / 1024)} KB (${round(result.bytesPerResponse / 1024)} KB JSON per response), ${result.requests} requests in ${result.seconds} s, load generator in the bench process on the same 2 cores` +
      (result.firstError ? `; first error: ${result.firstError}` : ''),
  );
}

/** A size measurement may have restarted the server on a new port. */
function switchToServer(session: Session, server: KilnServer): void {
  session.server = server;
  session.client.baseUrl = server.url;
}

export interface ProjectShape {
  files: number;
  bytesEach: number;
}

/** (c) 100 snapshots of a 1 MB project of the given shape, each one file different from the one before. */
export async function benchSnapshots(session: Session, shape: ProjectShape): Promise<void> {
  const { backend, client, context } = session;
  const project = await createBenchProject(client, 'Bench snapshots');
  let files = generateProject(shape.files, shape.bytesEach, 3);
  await saveBenchProject(client, project.slug, toAppFiles(files), project.editedAt);
  const before = await backend.measure(session.server);
  switchToServer(session, before.server);
  let postedChars = 0;
  for (let index = 0; index < SNAPSHOTS; index++) {
    files = changeOneFile(files, index, 1000 + index);
    const body = { id: `bench-message-${index}`, snapshot: toSnapshotJson(files) };
    const response = await client.request('POST', `/api/snapshot/${project.id}`, body);
    if (response.status === 404 && index === 0) {
      throw new Error(`POST /api/snapshot/${project.id} answered 404 — are the snapshot routes (app/routes/api.snapshot.*) built? ${response.text.slice(0, 200)}`);
    }
    if (response.status >= 300) {
      throw new Error(`POST /api/snapshot/${project.id} (snapshot ${index}) answered ${response.status}: ${response.text.slice(0, 300)}`);
    }
    postedChars += body.snapshot.length;
  }
  const after = await backend.measure(session.server);
  switchToServer(session, after.server);
  const growth = tableGrowth(before.size, after.size);
  const tablesGrowth = growth.reduce((sum, entry) => sum + entry.bytes, 0);
  const label = `${backend.label}: ${SNAPSHOTS} snapshots of a ${round(totalChars(files) / MB, 1)} MB, ${shape.files.toLocaleString('en')}-file project`;
  context.metric({ name: `${label}, table growth`, value: round(tablesGrowth / MB, 2), unit: 'MB', ...lessThan(tablesGrowth / MB, 2, 'MB') });
  context.metric({ name: `${label}, database growth`, value: round((after.size.databaseBytes - before.size.databaseBytes) / MB, 2), unit: 'MB' });
  if (before.size.directoryBytes !== undefined && after.size.directoryBytes !== undefined) {
    context.metric({ name: `${label}, data directory growth`, value: round((after.size.directoryBytes - before.size.directoryBytes) / MB, 2), unit: 'MB' });
  }
  context.note(
    `${backend.label} snapshots of ${shape.files} files × ${round(shape.bytesEach / 1024)} KB: baseline taken after the project's files were saved; ${round(postedChars / MB, 1)} MB of snapshot JSON posted; ` +
      `growth by table: ${growth.map((entry) => `${entry.table} ${round(entry.bytes / 1024)} KB`).join(', ') || 'none'}; size measured: ${backend.sizeMethod}`,
  );
}
