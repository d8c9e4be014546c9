/**
 * Auto steps for one artifact (spec §4 "Auto steps"), as pure planning with no I/O:
 * - after a write of the root package.json, an `npm install` step (autoCreated) runs before anything
 *   that follows, so later files and commands see the dependencies;
 * - once an install is planned for the artifact, plain install commands the model wrote are stripped
 *   from shell actions (`npm i && npm run build` → `npm run build`); an action left empty is dropped;
 * - after the artifact closes, a start step (autoCreated) when a framework is detected and the
 *   artifact has no start action of its own.
 */
import { detectFramework } from './framework';
import type { ActionData, ShellActionData } from './types';

export const INSTALL_COMMAND = 'npm install';

/** Install commands with no package names (flags allowed): these only restore the manifest's deps. */
const PLAIN_INSTALL =
  /^(?:npm\s+(?:install|i|ci)|pnpm\s+(?:install|i)|yarn(?:\s+install)?|bun\s+(?:install|i))(?:\s+--?[A-Za-z][\w-]*(?:=\S+)?)*$/;

export function isPlainInstallCommand(command: string): boolean {
  return PLAIN_INSTALL.test(command.trim());
}

/** The command without its plain install parts (split on `&&`); '' when nothing else remains. */
export function stripInstallCommands(command: string): string {
  return command
    .split('&&')
    .map((part) => part.trim())
    .filter((part) => part.length > 0 && !isPlainInstallCommand(part))
    .join(' && ');
}

function isRootPackageJson(filePath: string): boolean {
  return filePath.replace(/^\.\//, '') === 'package.json';
}

/** What to do with one closed model action, in order. */
export type PlannedStep =
  | { kind: 'run'; action: ActionData }
  | { kind: 'drop'; reason: string }
  | { kind: 'auto'; action: ShellActionData };

export interface ArtifactAutoSteps {
  /** Plan a closed model action: its (possibly rewritten) self first, then any auto step after it. */
  planAction(action: ActionData): PlannedStep[];
  /**
   * The start step to add after the artifact closed, or null. `packageJson` is the project's
   * package.json text after this artifact's writes (null when there is none).
   */
  planStart(packageJson: string | null): ShellActionData | null;
  /** The package.json content this artifact wrote last, if any. */
  readonly writtenPackageJson: string | null;
}

export function createArtifactAutoSteps(): ArtifactAutoSteps {
  let installPlanned = false;
  let hasStart = false;
  let writtenPackageJson: string | null = null;

  function planAction(action: ActionData): PlannedStep[] {
    if (action.type === 'file') {
      if (!isRootPackageJson(action.filePath)) {
        return [{ kind: 'run', action }];
      }
      writtenPackageJson = action.content;
      installPlanned = true;
      return [
        { kind: 'run', action },
        { kind: 'auto', action: { type: 'shell', content: INSTALL_COMMAND } },
      ];
    }
    if (action.type === 'start') {
      hasStart = true;
    }
    if (!installPlanned) {
      if (action.content.split('&&').some((part) => isPlainInstallCommand(part))) {
        installPlanned = true;
      }
      return [{ kind: 'run', action }];
    }
    const stripped = stripInstallCommands(action.content);
    if (stripped === '') {
      return [{ kind: 'drop', reason: 'Dependencies are already being installed for this artifact' }];
    }
    return [{ kind: 'run', action: { ...action, content: stripped } }];
  }

  function planStart(packageJson: string | null): ShellActionData | null {
    if (hasStart || packageJson === null) {
      return null;
    }
    const framework = detectFramework(packageJson);
    return framework ? { type: 'start', content: framework.startCommand } : null;
  }

  return {
    planAction,
    planStart,
    get writtenPackageJson() {
      return writtenPackageJson;
    },
  };
}
