import path from 'node:path';
import { z } from 'zod';
import { readOrCreateSecret } from '../protocol/secret';

export { readOrCreateSecret };

const port = z.coerce.number().int().min(0).max(65535);

const runnerEnvSchema = z.object({
  RUNNER_PORT: port.default(3001),
  RUNNER_HOST: z.string().min(1).default('127.0.0.1'),
  DATA_DIR: z.string().min(1).default('./data'),
  SESSION_SECRET: z.string().min(16, 'SESSION_SECRET must be at least 16 characters').optional(),
  PREVIEW_DOMAIN: z.string().min(1).default('localhost'),
  RUNNER_MAX_SANDBOXES: z.coerce.number().int().positive().default(20),
  RUNNER_MAX_PROCESSES: z.coerce.number().int().positive().default(16),
  RUNNER_IDLE_MS: z.coerce
    .number()
    .int()
    .positive()
    .default(10 * 60 * 1000),
  RUNNER_SANDBOX: z.enum(['auto', 'bwrap', 'none']).default('auto'),
});

export interface RunnerConfig {
  port: number;
  host: string;
  dataDir: string;
  sessionSecret: string;
  previewDomain: string;
  maxSandboxes: number;
  maxProcesses: number;
  idleMs: number;
  sandboxMode: 'auto' | 'bwrap' | 'none';
  /**
   * Port shown in preview URLs. Equals `port` except when listening on port 0 (tests), where the
   * server fills in the real port after binding.
   */
  publicPort?: number;
  /** Force private per-sandbox networks on or off (tests); unset = probe at start. */
  privateNetwork?: boolean;
}

/** Parse the runner's environment; throws one readable error naming every bad variable. */
export function parseRunnerEnv(source: Record<string, string | undefined>): RunnerConfig {
  const present = Object.fromEntries(Object.entries(source).filter(([, value]) => value !== undefined && value !== ''));
  const result = runnerEnvSchema.safeParse(present);
  if (!result.success) {
    const lines = result.error.issues.map((issue) => `  ${issue.path.join('.')}: ${issue.message}`);
    throw new Error(`Invalid runner configuration:\n${lines.join('\n')}`);
  }
  const env = result.data;
  const dataDir = path.resolve(env.DATA_DIR);
  return {
    port: env.RUNNER_PORT,
    host: env.RUNNER_HOST,
    dataDir,
    sessionSecret: env.SESSION_SECRET ?? readOrCreateSecret(dataDir),
    previewDomain: env.PREVIEW_DOMAIN,
    maxSandboxes: env.RUNNER_MAX_SANDBOXES,
    maxProcesses: env.RUNNER_MAX_PROCESSES,
    idleMs: env.RUNNER_IDLE_MS,
    sandboxMode: env.RUNNER_SANDBOX,
  };
}


/** True when the host only accepts connections from this machine. */
export function isLoopbackHost(host: string): boolean {
  return host === 'localhost' || host === '::1' || /^127\.\d+\.\d+\.\d+$/.test(host);
}
