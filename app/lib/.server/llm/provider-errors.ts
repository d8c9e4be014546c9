import { APICallError, EmptyResponseBodyError, InvalidResponseDataError, JSONParseError, RetryError, TypeValidationError } from 'ai';
import { type ChatErrorPart } from '~/lib/chat/chat-stream';
import { getErrorMessage } from '~/utils/errors';

const MAX_DETAIL_CHARS = 300;

function detail(message: string): string {
  const trimmed = message.trim();
  return trimmed.length > MAX_DETAIL_CHARS ? `${trimmed.slice(0, MAX_DETAIL_CHARS)}…` : trimmed;
}

function error(code: ChatErrorPart['code'], message: string, retryable: boolean): ChatErrorPart {
  return { type: 'error', code, message, retryable };
}

const CONTEXT_TOO_LONG = /context length|context window|maximum context|too many tokens|prompt is too long|context_length_exceeded/i;

function describeHttpError(status: number, providerMessage: string, modelId: string): ChatErrorPart {
  const said = providerMessage ? ` The provider said: ${detail(providerMessage)}` : '';
  if (status === 401 || status === 403) {
    return error('api-error', `The model provider rejected the API key (HTTP ${status}). Check ANTHROPIC_API_KEY or OPENAI_API_KEY.${said}`, false);
  }
  if (status === 404) {
    return error('api-error', `The model provider does not serve the model "${modelId}" (HTTP 404). Set LLM_MODEL to a model it offers.${said}`, false);
  }
  if (status === 429) {
    return error('rate-limited', `The model provider is rate-limiting requests (HTTP 429). Wait a moment and try again.${said}`, true);
  }
  if (status === 413 || CONTEXT_TOO_LONG.test(providerMessage)) {
    return error('request-too-large', `The conversation and project files are too large for the model's context (HTTP ${status}). Start a new chat or lock fewer files into the prompt.${said}`, false);
  }
  if (status === 503 || status === 529) {
    return error('overloaded', `The model provider is overloaded (HTTP ${status}). Try again in a moment.${said}`, true);
  }
  if (status >= 500) {
    return error('api-error', `The model provider failed (HTTP ${status}).${said}`, true);
  }
  return error('api-error', `The model provider refused the request (HTTP ${status}).${said}`, false);
}

function isNetworkFailure(thrown: unknown): boolean {
  return thrown instanceof TypeError && /fetch failed|terminated|socket|ECONNRESET|other side closed/i.test(thrown.message);
}

/** A readable error part (spec §8 client error codes) for anything a provider call threw. */
export function describeProviderError(thrown: unknown, modelId: string): ChatErrorPart {
  const cause = RetryError.isInstance(thrown) ? thrown.lastError : thrown;
  if (APICallError.isInstance(cause)) {
    if (cause.statusCode === undefined) {
      return error('network-error', `Could not reach the model provider at ${cause.url}. Is it running and is OPENAI_BASE_URL right? (${detail(cause.message)})`, true);
    }
    if (cause.statusCode < 300) {
      // The reply started fine and broke while streaming: a dropped connection or an unreadable body.
      return isNetworkFailure(cause.cause)
        ? error('network-error', `The connection to the model provider broke during the answer. (${detail(getErrorMessage(cause.cause))})`, true)
        : error('bad-server-response', `The model provider sent a reply Kiln could not read. (${detail(cause.message)})`, true);
    }
    return describeHttpError(cause.statusCode, cause.message, modelId);
  }
  if (
    JSONParseError.isInstance(cause) ||
    TypeValidationError.isInstance(cause) ||
    InvalidResponseDataError.isInstance(cause) ||
    EmptyResponseBodyError.isInstance(cause)
  ) {
    return error('bad-server-response', `The model provider sent a reply Kiln could not read. (${detail(getErrorMessage(cause))})`, true);
  }
  if (isNetworkFailure(cause)) {
    return error('network-error', `The connection to the model provider was lost. (${detail(getErrorMessage(cause))})`, true);
  }
  return error('unknown', `The model call failed: ${detail(getErrorMessage(cause))}`, true);
}
