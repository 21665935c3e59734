import type { Config } from '../config.ts';

/**
 * A minimal OpenAI-compatible chat-completions client (`POST {AI_BASE_URL}/chat/completions`),
 * used when AI_BASE_URL, AI_API_KEY and AI_MODEL are all set. Callers always have a non-AI
 * answer to fall back on, so every failure is a thrown error they catch.
 */
export interface ChatMessage {
  role: 'system' | 'user' | 'assistant';
  content: string;
}

export type AiConfig = Pick<Config, 'AI_BASE_URL' | 'AI_API_KEY' | 'AI_MODEL'>;

export function aiConfigured(config: AiConfig): boolean {
  return Boolean(config.AI_BASE_URL && config.AI_API_KEY && config.AI_MODEL);
}

export async function chatCompletion(
  config: AiConfig,
  messages: ChatMessage[],
  opts: { timeoutMs?: number; maxTokens?: number } = {},
): Promise<string> {
  if (!aiConfigured(config)) throw new Error('AI is not configured');
  const url = `${config.AI_BASE_URL!.replace(/\/+$/, '')}/chat/completions`;
  const res = await fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${config.AI_API_KEY}` },
    body: JSON.stringify({
      model: config.AI_MODEL,
      messages,
      temperature: 0.2,
      max_tokens: opts.maxTokens ?? 400,
    }),
    signal: AbortSignal.timeout(opts.timeoutMs ?? 20_000),
  });
  if (!res.ok) throw new Error(`AI endpoint answered ${res.status}`);
  const body = (await res.json()) as { choices?: { message?: { content?: unknown } }[] };
  const text = body.choices?.[0]?.message?.content;
  if (typeof text !== 'string' || !text.trim()) throw new Error('AI endpoint returned no text');
  return text.trim();
}
