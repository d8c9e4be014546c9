/**
 * Runs one message's actions against the sandbox, one after another in arrival order, and keeps each
 * action's status, output and error in a nanostores map (spec §4 "Action status").
 * - file: path checked, parent folders created, written; kind 'create' or 'update'.
 * - shell: through the shared ShellSession; exit 0 → complete, 130 → aborted, other → failed;
 *   the exit promise rejecting (shell gone) → skipped.
 * - start: sent to the shell, then the queue moves on; the action stays running until the process ends.
 * Final statuses (complete, failed, aborted, skipped) never change again.
 */
import { map, type MapStore } from 'nanostores';
import { getErrorMessage } from '~/utils/errors';
import { joinCommandLines } from './command-line';
import { checkFilePath } from './file-path';
import { INTERRUPTED_EXIT_CODE, type ShellSession } from './shell-session';
import type { Sandbox } from '../sandbox/types';
import type { ActionData, ActionState, ActionStatus, ActionType } from './types';

export const OUTPUT_LIMIT = 64 * 1024;

const FINAL_STATUSES: ReadonlySet<ActionStatus> = new Set(['complete', 'failed', 'aborted', 'skipped']);

export function isFinalStatus(status: ActionStatus): boolean {
  return FINAL_STATUSES.has(status);
}

export interface ActionRunnerOptions {
  sandbox: Sandbox;
  shell: ShellSession;
  messageId: string;
  /** Characters of output kept per action (the tail). */
  outputLimit?: number;
  /** Called after every change of an action (the same object the map holds). */
  onUpdate?: (action: ActionState) => void;
}

export interface NewAction {
  id: string;
  artifactId: string;
  type: ActionType;
  content: string;
  filePath?: string;
  autoCreated?: boolean;
}

/**
 * Run steps in order; stop at the first whose status is not complete or skipped and return that
 * status (spec: pipe action). Returns 'complete' when every step passed.
 */
export async function runPipe(steps: ReadonlyArray<() => Promise<ActionStatus>>): Promise<ActionStatus> {
  for (const step of steps) {
    const status = await step();
    if (status !== 'complete' && status !== 'skipped') {
      return status;
    }
  }
  return 'complete';
}

export class ActionRunner {
  readonly actions: MapStore<Record<string, ActionState>> = map({});
  readonly #sandbox: Sandbox;
  readonly #shell: ShellSession;
  readonly #messageId: string;
  readonly #outputLimit: number;
  readonly #onUpdate?: (action: ActionState) => void;
  #queue: Promise<void> = Promise.resolve();

  constructor(options: ActionRunnerOptions) {
    this.#sandbox = options.sandbox;
    this.#shell = options.shell;
    this.#messageId = options.messageId;
    this.#outputLimit = options.outputLimit ?? OUTPUT_LIMIT;
    this.#onUpdate = options.onUpdate;
  }

  /** Show an action as pending (e.g. while its tag is still streaming). */
  addAction(action: NewAction): void {
    this.#set({
      id: action.id,
      artifactId: action.artifactId,
      messageId: this.#messageId,
      type: action.type,
      content: action.content,
      ...(action.filePath !== undefined ? { filePath: action.filePath } : {}),
      ...(action.autoCreated ? { autoCreated: true } : {}),
      status: 'pending',
      output: '',
      executed: false,
    });
  }

  /** Forget an action that will not run (auto steps dropped it). */
  removeAction(id: string): void {
    const { [id]: _removed, ...rest } = this.actions.get();
    this.actions.set(rest);
  }

  /** Mark an action failed without running it (parser error, refused path, ...). */
  fail(id: string, error: string): void {
    this.#patch(id, { status: 'failed', error });
  }

  /** Show a stored action as done without running it (re-reading an old message). */
  record(id: string, data: ActionData): void {
    this.#patch(id, data.type === 'file' ? { content: data.content, filePath: data.filePath } : { content: data.content });
    this.#patch(id, { status: 'complete' });
  }

  /**
   * Queue an action with its final data. Resolves with its status once the queue got past it (for a
   * start action: once it was started, so usually 'running').
   */
  run(id: string, data: ActionData): Promise<ActionStatus> {
    const content = data.content;
    this.#patch(id, data.type === 'file' ? { content, filePath: data.filePath } : { content });
    const result = this.#queue.then(() => this.#execute(id, data));
    this.#queue = result.then(
      () => undefined,
      () => undefined,
    );
    return result;
  }

  /** Resolves when everything queued so far has been run (start actions: started). */
  whenIdle(): Promise<void> {
    return this.#queue;
  }

  /** Abort a pending or running action; a running command is interrupted. */
  abort(id: string): void {
    const action = this.actions.get()[id];
    if (!action || isFinalStatus(action.status)) {
      return;
    }
    this.#patch(id, { status: 'aborted', error: 'Aborted' });
    void this.#shell.interruptOwner(id);
  }

  abortAll(): void {
    for (const id of Object.keys(this.actions.get())) {
      this.abort(id);
    }
  }

  async #execute(id: string, data: ActionData): Promise<ActionStatus> {
    const action = this.actions.get()[id];
    if (!action) {
      return 'skipped';
    }
    if (isFinalStatus(action.status)) {
      return action.status;
    }
    this.#patch(id, { status: 'running', executed: true });
    try {
      if (data.type === 'file') {
        await this.#writeFile(id, data.filePath, data.content);
      } else {
        await this.#runCommand(id, data.content, data.type === 'start');
      }
    } catch (error) {
      this.#patch(id, { status: 'failed', error: getErrorMessage(error) });
    }
    return this.actions.get()[id]?.status ?? 'skipped';
  }

  async #writeFile(id: string, filePath: string, content: string): Promise<void> {
    const checked = checkFilePath(filePath);
    if (!checked.ok) {
      this.#patch(id, { status: 'failed', error: checked.error });
      return;
    }
    const path = checked.path;
    const existed = await this.#sandbox.fs.readFile(path, 'utf-8').then(
      () => true,
      () => false,
    );
    const slash = path.lastIndexOf('/');
    if (slash > 0) {
      await this.#sandbox.fs.mkdir(path.slice(0, slash), { recursive: true });
    }
    await this.#sandbox.fs.writeFile(path, content);
    this.#patch(id, { status: 'complete', kind: existed ? 'update' : 'create', filePath: path });
  }

  async #runCommand(id: string, command: string, isStart: boolean): Promise<void> {
    if (joinCommandLines(command) === '') {
      this.#patch(id, { status: 'skipped', error: 'The command is empty' });
      return;
    }
    const autoCreated = this.actions.get()[id]?.autoCreated ?? false;
    const started = await this.#shell.execute({
      ownerId: id,
      messageId: this.#messageId,
      command,
      isStart,
      autoCreated,
      onOutput: (text) => this.#appendOutput(id, text),
    });
    if (started.kind === 'skipped') {
      this.#patch(id, { status: 'skipped', error: started.reason });
      return;
    }
    if (this.actions.get()[id]?.status === 'aborted') {
      void this.#shell.interruptOwner(id); // aborted while waiting for the terminal
    }
    const finished = started.exit.then(
      (exitCode) => this.#finishCommand(id, exitCode),
      (error: unknown) => this.#patch(id, { status: 'skipped', error: getErrorMessage(error) }),
    );
    if (!isStart) {
      await finished;
    }
  }

  #finishCommand(id: string, exitCode: number): void {
    if (exitCode === 0) {
      this.#patch(id, { status: 'complete', exitCode });
    } else if (exitCode === INTERRUPTED_EXIT_CODE) {
      this.#patch(id, { status: 'aborted', exitCode, error: 'The command was interrupted' });
    } else {
      this.#patch(id, { status: 'failed', exitCode, error: `The command exited with code ${exitCode}` });
    }
  }

  #appendOutput(id: string, text: string): void {
    const action = this.actions.get()[id];
    if (!action) {
      return;
    }
    const output = action.output + text;
    this.#set({ ...action, output: output.length > this.#outputLimit ? output.slice(-this.#outputLimit) : output });
  }

  /** Apply a change; a final status is never replaced (its exit code and output still land). */
  #patch(id: string, patch: Partial<ActionState>): void {
    const action = this.actions.get()[id];
    if (!action) {
      return;
    }
    if (isFinalStatus(action.status) && patch.status !== undefined) {
      const { status: _status, error: _error, ...rest } = patch;
      this.#set({ ...action, ...rest });
      return;
    }
    this.#set({ ...action, ...patch });
  }

  #set(action: ActionState): void {
    this.actions.setKey(action.id, action);
    this.#onUpdate?.(action);
  }
}
