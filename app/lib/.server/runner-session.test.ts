import { describe, expect, it } from 'vitest';
import { SANDBOX_ID_PATTERN } from '../../../protocol/runner';
import { verifyRunnerToken } from '../../../protocol/token';
import { createSandboxId, createSandboxSession } from './runner-session';

const secret = 'a-test-secret-of-enough-length';

describe('runner session', () => {
  it('creates distinct, pattern-valid sandbox ids', () => {
    const ids = new Set(Array.from({ length: 200 }, () => createSandboxId()));
    expect(ids.size).toBe(200);
    for (const id of ids) {
      expect(id).toMatch(SANDBOX_ID_PATTERN);
    }
  });

  it('signs a token for the runner that names the sandbox and user', () => {
    const session = createSandboxSession({
      userId: 'user-1',
      env: { RUNTIME: 'host', RUNNER_URL: 'ws://127.0.0.1:3001', SESSION_SECRET: secret },
    });
    if (session.kind !== 'runner') {
      throw new Error('expected a runner session');
    }
    expect(session.url).toBe('ws://127.0.0.1:3001');
    expect(verifyRunnerToken(session.token, secret)).toMatchObject({ sid: session.sandboxId, uid: 'user-1' });
    expect(verifyRunnerToken(session.token, 'another-secret-of-enough-length')).toBeNull();
  });

  it('returns a webcontainer config without a token when RUNTIME=webcontainer', () => {
    const session = createSandboxSession({
      userId: null,
      coep: 'require-corp',
      env: { RUNTIME: 'webcontainer', RUNNER_URL: 'ws://x', SESSION_SECRET: secret },
    });
    expect(session).toEqual({ kind: 'webcontainer', workdirName: 'project', coep: 'require-corp' });
  });
});
