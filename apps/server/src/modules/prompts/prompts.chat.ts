/**
 * One call of an OpenAI-compatible chat model (POST {OPENAI_API_URL}/chat/completions) through the outbound guard:
 * the AI runtime's turns and the attendants' co-pilot (docs/ai.md) share it. A refused or unreachable call throws the
 * guard's OutboundRefused (reason 'timeout' for a slow provider); an HTTP error throws ProviderAnswered with the status.
 */
import { DEFAULT_CHAT_MODEL } from '@atendo/shared';
import type { Config } from '../../config';
import { outboundFetch } from '../../platform/safe-fetch';

export interface ChatUsage {
  prompt_tokens?: number;
  completion_tokens?: number;
  total_tokens?: number;
}

/** The provider answered an HTTP error (401 bad key, 429 rate limit, 5xx); the message names its code. */
export class ProviderAnswered extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
    this.name = 'ProviderAnswered';
  }
}

export interface ChatCall {
  apiKey: string;
  model: string;
  messages: { role: 'system' | 'user' | 'assistant'; content: string }[];
  maxTokens: number;
  temperature: number;
  timeoutMs: number;
}

export async function chatCompletion(config: Config, c: ChatCall): Promise<{ content: string; usage: ChatUsage | null }> {
  const res = await outboundFetch(config)(`${config.openAiApiUrl}/chat/completions`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${c.apiKey}` },
    body: JSON.stringify({
      model: c.model || DEFAULT_CHAT_MODEL,
      messages: c.messages,
      max_tokens: c.maxTokens,
      temperature: c.temperature,
    }),
    timeoutMs: c.timeoutMs,
  });
  const body = (() => {
    try {
      return res.json<{
        choices?: { message?: { content?: unknown } }[];
        usage?: ChatUsage;
        error?: { message?: string; code?: string | null; type?: string };
      }>();
    } catch {
      return null;
    }
  })();
  if (res.status < 200 || res.status >= 300) {
    const e = body?.error;
    throw new ProviderAnswered(
      res.status,
      `AI provider answered HTTP ${res.status}${e ? `: ${e.code ?? e.type ?? ''} ${e.message ?? ''}`.trimEnd() : ''}`,
    );
  }
  const content = body?.choices?.[0]?.message?.content;
  if (typeof content !== 'string') throw new ProviderAnswered(res.status, 'AI provider answered without a message');
  return { content, usage: body?.usage ?? null };
}
