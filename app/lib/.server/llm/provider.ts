import { createAnthropic } from '@ai-sdk/anthropic';
import { createOpenAI } from '@ai-sdk/openai';
import { createOpenAICompatible } from '@ai-sdk/openai-compatible';
import { type LanguageModel } from 'ai';
import { type Env } from '~/lib/.server/env';

export type ProviderName = 'anthropic' | 'openai' | 'openai-compatible';

export type ModelConfig =
  | { ok: true; model: LanguageModel; provider: ProviderName; modelId: string }
  | { ok: false; message: string };

export type ModelEnv = Pick<Env, 'ANTHROPIC_API_KEY' | 'OPENAI_API_KEY' | 'OPENAI_BASE_URL' | 'LLM_MODEL'>;

export const DEFAULT_ANTHROPIC_MODEL = 'claude-sonnet-4-5';
export const DEFAULT_OPENAI_MODEL = 'gpt-4o';

export const NO_MODEL_MESSAGE =
  'No language model is configured. Set ANTHROPIC_API_KEY, or OPENAI_API_KEY (and OPENAI_BASE_URL for Ollama, LM Studio or another OpenAI-compatible server), then restart Kiln.';

/** Local servers (Ollama, LM Studio) ignore the key, but some clients and proxies insist on a header. */
const PLACEHOLDER_API_KEY = 'kiln-no-key';

/**
 * Which side to use when both are configured: Anthropic, unless LLM_MODEL names a model that is not
 * a Claude model (e.g. 'gpt-4o' or 'llama3.2'), which only the OpenAI side can serve.
 */
function chooseProvider(env: ModelEnv): 'anthropic' | 'openai' | undefined {
  const hasAnthropic = env.ANTHROPIC_API_KEY !== undefined;
  const hasOpenAi = env.OPENAI_API_KEY !== undefined || env.OPENAI_BASE_URL !== undefined;
  if (hasAnthropic && hasOpenAi) {
    return env.LLM_MODEL && !env.LLM_MODEL.toLowerCase().startsWith('claude') ? 'openai' : 'anthropic';
  }
  if (hasAnthropic) {
    return 'anthropic';
  }
  return hasOpenAi ? 'openai' : undefined;
}

/**
 * The language model Kiln talks to, from the environment. With OPENAI_BASE_URL set we use the chat
 * completions API, because local and proxy servers only implement /v1/chat/completions.
 */
export function getModelConfig(env: ModelEnv): ModelConfig {
  switch (chooseProvider(env)) {
    case 'anthropic': {
      const modelId = env.LLM_MODEL ?? DEFAULT_ANTHROPIC_MODEL;
      const anthropic = createAnthropic({ apiKey: env.ANTHROPIC_API_KEY });
      return { ok: true, model: anthropic(modelId), provider: 'anthropic', modelId };
    }
    case 'openai': {
      const modelId = env.LLM_MODEL ?? DEFAULT_OPENAI_MODEL;
      if (env.OPENAI_BASE_URL) {
        const compatible = createOpenAICompatible({
          name: 'openai-compatible',
          baseURL: env.OPENAI_BASE_URL.replace(/\/+$/, ''),
          apiKey: env.OPENAI_API_KEY ?? PLACEHOLDER_API_KEY,
          includeUsage: true,
        });
        return { ok: true, model: compatible.chatModel(modelId), provider: 'openai-compatible', modelId };
      }
      const openai = createOpenAI({ apiKey: env.OPENAI_API_KEY });
      return { ok: true, model: openai(modelId), provider: 'openai', modelId };
    }
    case undefined:
      return { ok: false, message: NO_MODEL_MESSAGE };
  }
}
