// Which language model answers the chat: the offline rules model (default), or an OpenAI-compatible
// endpoint (OpenAI, Ollama, vLLM, llama.cpp) in chat-completions mode when configured.
// First: an empty OPENAI_BASE_URL must be gone before @ai-sdk/openai loads.
import './openai-env.ts';
import { createOpenAI } from '@ai-sdk/openai';
import type { LanguageModel } from 'ai';
import type { Config } from '../config.ts';
import { createOfflineModel, type OfflineModelOptions } from './offline/model.ts';

export function createChatModel(ai: Config['ai'], offline: OfflineModelOptions = {}): LanguageModel {
  if (ai.provider === 'openai') {
    const openai = createOpenAI({ apiKey: ai.apiKey ?? 'not-needed', ...(ai.baseUrl ? { baseURL: ai.baseUrl } : {}) });
    return openai.chat(ai.model);
  }
  return createOfflineModel(offline);
}
