import { requestSchema, type RunnerMessage } from '../protocol/runner';
import { RunnerError } from './paths';
import type { RunnerSandbox } from './sandbox';

export interface MessageContext {
  sandbox: RunnerSandbox;
  reply: (message: RunnerMessage) => void;
  /** Tear the sandbox down; `beforeClose` runs after the kill, before sockets close. */
  teardown: (beforeClose: () => void) => Promise<void>;
  /** Runs fs.* requests one after another. */
  serialize: <T>(task: () => Promise<T>) => Promise<T>;
}

/** Error code for the client: ours (RunnerError), node's errno code (ENOENT, EEXIST...), else INTERNAL. */
export function errorBody(error: unknown): { code: string; message: string } {
  if (error instanceof RunnerError) {
    return { code: error.code, message: error.message };
  }
  if (error instanceof Error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (typeof code === 'string') {
      // Node's messages name host paths; keep only the errno part so sandbox paths stay relative.
      return { code, message: error.message.replace(/, \w+ '[^']*'(?: -> '[^']*')?$/, '') };
    }
  }
  return { code: 'INTERNAL', message: 'Internal runner error' };
}

function requestId(value: unknown): number | null {
  if (typeof value === 'object' && value !== null && 'id' in value && Number.isInteger(value.id)) {
    return value.id as number;
  }
  return null;
}

/** Validate one client message, run it, and answer with exactly one response. Never throws. */
export async function handleSocketMessage(raw: string, context: MessageContext): Promise<void> {
  let json: unknown;
  try {
    json = JSON.parse(raw);
  } catch {
    context.reply({ type: 'error', message: 'Message is not valid JSON' });
    return;
  }
  const parsed = requestSchema.safeParse(json);
  if (!parsed.success) {
    const id = requestId(json);
    const issue = parsed.error.issues[0];
    const message = `Invalid request: ${
      issue ? `${issue.path.join('.') || 'message'}: ${issue.message}` : 'unknown shape'
    }`;
    if (id === null) {
      context.reply({ type: 'error', message });
    } else {
      context.reply({ type: 'response', id, ok: false, error: { code: 'BAD_REQUEST', message } });
    }
    return;
  }
  const request = parsed.data;
  try {
    if (request.type === 'sandbox.teardown') {
      await context.teardown(() => context.reply({ type: 'response', id: request.id, ok: true, result: null }));
      return;
    }
    const result = request.type.startsWith('fs.')
      ? await context.serialize(() => context.sandbox.handle(request))
      : await context.sandbox.handle(request);
    context.reply({ type: 'response', id: request.id, ok: true, result });
  } catch (error) {
    context.reply({ type: 'response', id: request.id, ok: false, error: errorBody(error) });
  }
}
