import path from 'node:path';
import { z } from 'zod';
import { readOrCreateSecret } from '../../../protocol/secret';

const port = z.coerce.number().int().min(1).max(65535);

/** Every configuration variable Kiln reads, validated once. Names are a public contract (README table). */
const envSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('production'),
  PORT: port.default(3000),
  HOST: z.string().min(1).default('127.0.0.1'),
  RUNNER_PORT: port.default(3001),
  RUNNER_URL: z.string().url().optional(),
  PREVIEW_DOMAIN: z.string().min(1).default('localhost'),
  RUNTIME: z.enum(['host', 'webcontainer']).default('host'),
  DATA_DIR: z.string().min(1).default('./data'),
  DATABASE_URL: z.string().url().optional(),
  SESSION_SECRET: z.string().min(16, 'SESSION_SECRET must be at least 16 characters').optional(),
  ANTHROPIC_API_KEY: z.string().min(1).optional(),
  OPENAI_API_KEY: z.string().min(1).optional(),
  OPENAI_BASE_URL: z.string().url().optional(),
  LLM_MODEL: z.string().min(1).optional(),
  MAX_PROJECT_BYTES: z.coerce.number().int().positive().default(20 * 1024 * 1024),
  S3_ENDPOINT: z.string().url().optional(),
  S3_BUCKET: z.string().min(1).optional(),
  S3_REGION: z.string().min(1).optional(),
  S3_ACCESS_KEY_ID: z.string().min(1).optional(),
  S3_SECRET_ACCESS_KEY: z.string().min(1).optional(),
});

export type Env = z.infer<typeof envSchema> & { RUNNER_URL: string; SESSION_SECRET: string; DATA_DIR: string };

let cached: Env | undefined;

/** Empty strings count as unset, so `FOO=` in a shell or .env file does not trip validation. */
function withoutEmpty(source: NodeJS.ProcessEnv): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [key, value] of Object.entries(source)) {
    if (value !== undefined && value !== '') {
      out[key] = value;
    }
  }
  return out;
}

/** Parse and validate the environment. Throws one readable error naming every bad variable. */
export function parseEnv(source: NodeJS.ProcessEnv): Env {
  const result = envSchema.safeParse(withoutEmpty(source));
  if (!result.success) {
    const lines = result.error.issues.map((issue) => `  ${issue.path.join('.')}: ${issue.message}`);
    throw new Error(`Invalid configuration:\n${lines.join('\n')}`);
  }
  const env = result.data;
  const dataDir = path.resolve(env.DATA_DIR);
  return {
    ...env,
    DATA_DIR: dataDir,
    RUNNER_URL: env.RUNNER_URL ?? `ws://127.0.0.1:${env.RUNNER_PORT}`,
    SESSION_SECRET: env.SESSION_SECRET ?? readOrCreateSecret(dataDir),
  };
}


export function getEnv(): Env {
  cached ??= parseEnv(process.env);
  return cached;
}

/** For tests that change process.env between cases. */
export function resetEnvForTests(): void {
  cached = undefined;
}
