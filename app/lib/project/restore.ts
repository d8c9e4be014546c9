/**
 * What runs when a saved project is reopened: never the chat's commands, only an install (when the
 * manifest has dependencies) and the start command the framework detection finds (LESSONS.md).
 */
import { z } from 'zod';

export interface RestoreStep {
  command: string;
  isStart: boolean;
}

const manifestSchema = z
  .object({
    dependencies: z.record(z.string(), z.unknown()).optional(),
    devDependencies: z.record(z.string(), z.unknown()).optional(),
  })
  .passthrough();

export function planRestoreCommands(
  packageJsonText: string | undefined,
  detectStartCommand: (packageJson: unknown) => string | null,
): RestoreStep[] {
  if (packageJsonText === undefined) {
    return [];
  }
  let json: unknown;
  try {
    json = JSON.parse(packageJsonText);
  } catch {
    return [];
  }
  const manifest = manifestSchema.safeParse(json);
  if (!manifest.success) {
    return [];
  }
  const start = detectStartCommand(json);
  if (!start) {
    return [];
  }
  const dependencyCount =
    Object.keys(manifest.data.dependencies ?? {}).length + Object.keys(manifest.data.devDependencies ?? {}).length;
  return [...(dependencyCount > 0 ? [{ command: 'npm install', isStart: false }] : []), { command: start, isStart: true }];
}
