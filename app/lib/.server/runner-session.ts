/**
 * What the project page needs to open a sandbox: a fresh sandbox id and, for the runner, a short-lived
 * signed token. Each page load gets its own sandbox; reopening a project mounts its saved files there.
 */
import { randomBytes } from 'node:crypto';
import { SANDBOX_ID_PATTERN } from '../../../protocol/runner';
import { signRunnerToken } from '../../../protocol/token';
import { getEnv } from './env';

export type SandboxSessionConfig =
  | { kind: 'runner'; url: string; sandboxId: string; token: string }
  | { kind: 'webcontainer'; workdirName: string; coep: 'credentialless' | 'require-corp' };

const ALPHABET = 'abcdefghijklmnopqrstuvwxyz0123456789';

/** A random sandbox id matching SANDBOX_ID_PATTERN (24 lowercase alphanumerics, ~124 bits). */
export function createSandboxId(length = 24): string {
  let id = '';
  while (id.length < length) {
    for (const byte of randomBytes(length)) {
      // Rejection sampling: 252 is the largest multiple of 36 below 256, so every character is equally likely.
      if (byte < 252 && id.length < length) {
        id += ALPHABET[byte % ALPHABET.length];
      }
    }
  }
  if (!SANDBOX_ID_PATTERN.test(id)) {
    throw new Error('Generated sandbox id does not match the runner pattern');
  }
  return id;
}

export interface SandboxSessionInput {
  userId: string | null;
  /** 'credentialless' for Chromium/Firefox>118, else 'require-corp' (spec §9). */
  coep?: 'credentialless' | 'require-corp';
  env?: Pick<ReturnType<typeof getEnv>, 'RUNTIME' | 'RUNNER_URL' | 'SESSION_SECRET'>;
}

export function createSandboxSession(input: SandboxSessionInput): SandboxSessionConfig {
  const env = input.env ?? getEnv();
  if (env.RUNTIME === 'webcontainer') {
    return { kind: 'webcontainer', workdirName: 'project', coep: input.coep ?? 'credentialless' };
  }
  const sandboxId = createSandboxId();
  return {
    kind: 'runner',
    url: env.RUNNER_URL,
    sandboxId,
    token: signRunnerToken({ sandboxId, userId: input.userId }, env.SESSION_SECRET),
  };
}
