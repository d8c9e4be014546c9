/** Public surface of snapshots (per-message restore points) for routes. */
export { saveSnapshot, listSnapshots, getSnapshot, applySnapshot, type SnapshotSummary, type SaveSnapshotInput } from './service';
export { parseSnapshotJson, snapshotEntrySchema, type SnapshotFiles, type SnapshotEntryInput, type PreparedEntry } from './entries';
