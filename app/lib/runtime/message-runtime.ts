/**
 * One assistant message end to end: parser events → auto steps → action runner, with observable
 * state for the chat (text and artifact cards interleaved) and streaming file events for the editor.
 * DOM-free; the UI calls push(delta) as the answer streams, end() when it is complete, abort() on stop.
 */
import { atom, computed, map, type MapStore, type ReadableAtom } from 'nanostores';
import { ActionRunner } from './action-runner';
import { createArtifactAutoSteps, type ArtifactAutoSteps } from './auto-steps';
import { createMessageParser } from './message-parser';
import type { ShellSession } from './shell-session';
import type { Sandbox } from '../sandbox/types';
import type { ActionData, ActionState, ArtifactState, ParserEvent, StreamingFileEvent } from './types';

export type MessageSegment = { type: 'text'; text: string } | { type: 'artifact'; artifactId: string };

/** Everything the chat renders for the message, as one value. */
export interface MessageRuntimeView {
  segments: readonly MessageSegment[];
  artifacts: Readonly<Record<string, ArtifactState>>;
  actions: Readonly<Record<string, ActionState>>;
}

/** start: content ''; stream: content is the delta to append; end: content is the full file. */
export type FileEventListener = (event: StreamingFileEvent, source: { actionId: string; artifactId: string }) => void;

export interface MessageRuntimeOptions {
  messageId: string;
  sandbox: Sandbox;
  shell: ShellSession;
  /** Current text of a project file, null when missing. Default: the sandbox file system. */
  readFile?: (path: string) => Promise<string | null>;
  /**
   * 'run' (default) executes actions. 'display' re-reads a stored message: cards show every action
   * as complete with `executed: false`, nothing runs, no auto steps are added.
   */
  mode?: 'run' | 'display';
}

export interface MessageRuntime {
  readonly messageId: string;
  /** Markdown text and artifact placeholders, in answer order. */
  readonly segments: ReadableAtom<MessageSegment[]>;
  readonly artifacts: MapStore<Record<string, ArtifactState>>;
  readonly actions: MapStore<Record<string, ActionState>>;
  /** segments + artifacts + actions in one atom. */
  readonly $view: ReadableAtom<MessageRuntimeView>;
  /** True while an action other than a running start command is pending or running (or being planned). */
  readonly $busy: ReadableAtom<boolean>;
  push(delta: string): void;
  /** The answer is complete (unfinished actions fail, artifacts close, auto start steps are added). */
  end(): void;
  /** Stop: ends the answer and aborts every pending or running action of this message. */
  abort(): void;
  onFileEvent(listener: FileEventListener): () => void;
  /** Resolves once the answer ended and every action was run (start actions: started). */
  settled(): Promise<void>;
}

export function createMessageRuntime(options: MessageRuntimeOptions): MessageRuntime {
  const { messageId, sandbox, shell } = options;
  const display = options.mode === 'display';
  const readFile =
    options.readFile ?? ((path: string) => sandbox.fs.readFile(path, 'utf-8').then((text) => text, () => null));
  const runner = new ActionRunner({ sandbox, shell, messageId });
  const segments = atom<MessageSegment[]>([]);
  const artifacts = map<Record<string, ArtifactState>>({});
  const fileListeners = new Set<FileEventListener>();
  const autoSteps = new Map<string, ArtifactAutoSteps>();
  let autoCount = 0;
  const planning = atom(0);
  let ended = false;
  let aborted = false;
  /** Keeps runs (and the async start planning) in answer order without waiting for executions. */
  let chain: Promise<void> = Promise.resolve();
  let resolveEnded!: () => void;
  const endedPromise = new Promise<void>((resolve) => (resolveEnded = resolve));

  function appendText(text: string) {
    const list = segments.get();
    const last = list.at(-1);
    if (last?.type === 'text') {
      segments.set([...list.slice(0, -1), { type: 'text', text: last.text + text }]);
    } else {
      segments.set([...list, { type: 'text', text }]);
    }
  }

  function updateArtifact(id: string, change: (artifact: ArtifactState) => ArtifactState) {
    const artifact = artifacts.get()[id];
    if (artifact) {
      artifacts.setKey(id, change(artifact));
    }
  }

  function addActionId(artifactId: string, actionId: string) {
    updateArtifact(artifactId, (artifact) => ({ ...artifact, actionIds: [...artifact.actionIds, actionId] }));
  }

  function enqueue(id: string, data: ActionData) {
    if (display) {
      runner.record(id, data);
      return;
    }
    chain = chain.then(() => {
      if (aborted) {
        runner.abort(id);
      } else {
        void runner.run(id, data);
      }
    });
  }

  function addAutoAction(artifactId: string, data: ActionData) {
    const id = `${messageId}-auto-${autoCount++}`;
    runner.addAction({ id, artifactId, type: data.type, content: data.content, autoCreated: true });
    addActionId(artifactId, id);
    enqueue(id, data);
  }

  function closeAction(artifactId: string, actionId: string, data: ActionData) {
    const steps = autoSteps.get(artifactId);
    if (display || !steps) {
      enqueue(actionId, data);
      return;
    }
    for (const step of steps.planAction(data)) {
      if (step.kind === 'run') {
        enqueue(actionId, step.action);
      } else if (step.kind === 'drop') {
        runner.removeAction(actionId);
        updateArtifact(artifactId, (artifact) => ({ ...artifact, actionIds: artifact.actionIds.filter((id) => id !== actionId) }));
      } else {
        addAutoAction(artifactId, step.action);
      }
    }
  }

  function closeArtifact(artifactId: string) {
    updateArtifact(artifactId, (artifact) => ({ ...artifact, closed: true }));
    const steps = autoSteps.get(artifactId);
    if (display || !steps) {
      return;
    }
    planning.set(planning.get() + 1);
    chain = chain.then(async () => {
      try {
        if (aborted) {
          return;
        }
        const packageJson = steps.writtenPackageJson ?? (await readFile('package.json'));
        const start = steps.planStart(packageJson);
        if (start && !aborted) {
          addAutoAction(artifactId, start);
        }
      } finally {
        planning.set(planning.get() - 1);
      }
    });
  }

  function handleEvent(event: ParserEvent) {
    switch (event.type) {
      case 'text':
        appendText(event.text);
        break;
      case 'artifact-open':
        artifacts.setKey(event.artifactId, {
          id: event.artifactId,
          title: event.title,
          messageId,
          closed: false,
          actionIds: [],
          ...(event.slug ? { slug: event.slug } : {}),
        });
        autoSteps.set(event.artifactId, createArtifactAutoSteps());
        segments.set([...segments.get(), { type: 'artifact', artifactId: event.artifactId }]);
        break;
      case 'action-open':
        runner.addAction({
          id: event.actionId,
          artifactId: event.artifactId,
          type: event.action.type,
          content: event.action.content,
          ...(event.action.type === 'file' ? { filePath: event.action.filePath } : {}),
        });
        addActionId(event.artifactId, event.actionId);
        break;
      case 'action-close':
        closeAction(event.artifactId, event.actionId, event.action);
        break;
      case 'action-error':
        if (!runner.actions.get()[event.actionId]) {
          // An action the parser could not understand: shown as a failed card, never run.
          runner.addAction({ id: event.actionId, artifactId: event.artifactId, type: 'shell', content: '' });
          addActionId(event.artifactId, event.actionId);
        }
        runner.fail(event.actionId, event.error);
        break;
      case 'file':
        for (const listener of fileListeners) {
          listener(event.event, { actionId: event.actionId, artifactId: event.artifactId });
        }
        break;
      case 'artifact-close':
        closeArtifact(event.artifactId);
        break;
    }
  }

  const parser = createMessageParser(messageId, handleEvent);

  function end() {
    if (ended) {
      return;
    }
    ended = true;
    parser.end();
    resolveEnded();
  }

  const $view = computed([segments, artifacts, runner.actions], (segmentList, artifactMap, actionMap) => ({
    segments: segmentList,
    artifacts: artifactMap,
    actions: actionMap,
  }));
  const $busy = computed([runner.actions, planning], (actionMap, planningCount) => {
    if (planningCount > 0) {
      return true;
    }
    return Object.values(actionMap).some(
      (action) => action.status === 'pending' || (action.status === 'running' && action.type !== 'start'),
    );
  });

  return {
    messageId,
    segments,
    artifacts,
    actions: runner.actions,
    $view,
    $busy,
    push(delta) {
      if (!ended) {
        parser.push(delta);
      }
    },
    end,
    abort() {
      aborted = true;
      runner.abortAll();
      end();
    },
    onFileEvent(listener) {
      fileListeners.add(listener);
      return () => fileListeners.delete(listener);
    },
    async settled() {
      await endedPromise;
      // Steps on the chain may queue further steps (the auto start): wait until it stops growing.
      let seen: Promise<void>;
      do {
        seen = chain;
        await seen;
      } while (seen !== chain);
      await runner.whenIdle();
    },
  };
}
