import { describe, expect, it } from 'vitest';
import { DEFAULT_ANTHROPIC_MODEL, DEFAULT_OPENAI_MODEL, getModelConfig, type ModelEnv, NO_MODEL_MESSAGE } from './provider';

describe('getModelConfig', () => {
  it.each<{ name: string; env: ModelEnv; provider: string; modelId: string }>([
    { name: 'Anthropic key only', env: { ANTHROPIC_API_KEY: 'sk-ant' }, provider: 'anthropic', modelId: DEFAULT_ANTHROPIC_MODEL },
    { name: 'OpenAI key only', env: { OPENAI_API_KEY: 'sk-oa' }, provider: 'openai', modelId: DEFAULT_OPENAI_MODEL },
    { name: 'base URL without key (Ollama)', env: { OPENAI_BASE_URL: 'http://127.0.0.1:11434/v1', LLM_MODEL: 'llama3.2' }, provider: 'openai-compatible', modelId: 'llama3.2' },
    { name: 'base URL with key (OpenRouter)', env: { OPENAI_API_KEY: 'k', OPENAI_BASE_URL: 'https://openrouter.ai/api/v1' }, provider: 'openai-compatible', modelId: DEFAULT_OPENAI_MODEL },
    { name: 'both: Anthropic preferred', env: { ANTHROPIC_API_KEY: 'a', OPENAI_API_KEY: 'o' }, provider: 'anthropic', modelId: DEFAULT_ANTHROPIC_MODEL },
    { name: 'both, claude model', env: { ANTHROPIC_API_KEY: 'a', OPENAI_API_KEY: 'o', LLM_MODEL: 'claude-opus-4-1' }, provider: 'anthropic', modelId: 'claude-opus-4-1' },
    { name: 'both, non-claude model', env: { ANTHROPIC_API_KEY: 'a', OPENAI_API_KEY: 'o', LLM_MODEL: 'gpt-4.1' }, provider: 'openai', modelId: 'gpt-4.1' },
    { name: 'both, local model', env: { ANTHROPIC_API_KEY: 'a', OPENAI_BASE_URL: 'http://127.0.0.1:1234/v1', LLM_MODEL: 'qwen2.5-coder' }, provider: 'openai-compatible', modelId: 'qwen2.5-coder' },
  ])('$name → $provider $modelId', ({ env, provider, modelId }) => {
    const config = getModelConfig(env);
    expect(config).toMatchObject({ ok: true, provider, modelId });
    expect(config.ok && typeof config.model === 'object' && config.model.modelId).toBe(modelId);
  });

  it('uses the chat-completions API for an OpenAI-compatible base URL', () => {
    const config = getModelConfig({ OPENAI_BASE_URL: 'http://127.0.0.1:11434/v1/', LLM_MODEL: 'llama3.2' });
    expect(config.ok && typeof config.model === 'object' && config.model.provider).toMatch(/chat/);
  });

  it('says exactly what to set when nothing is configured', () => {
    expect(getModelConfig({})).toEqual({ ok: false, message: NO_MODEL_MESSAGE });
    expect(NO_MODEL_MESSAGE).toContain('ANTHROPIC_API_KEY');
    expect(NO_MODEL_MESSAGE).toContain('OPENAI_BASE_URL');
  });
});
