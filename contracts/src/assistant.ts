import { Type, type Static } from '@sinclair/typebox';
import { Uuid } from './common.ts';

/**
 * The assistant chat (SPEC §7 "the AI assistant chat"): answers from the shipped help articles
 * and the creator's own analytics, each answer with the sources it used.
 */
export const AssistantLimits = { messageMax: 1000, historyDefault: 50, historyMax: 200 } as const;

export const AssistantSource = Type.Object({
  id: Type.String(),
  kind: Type.Union([Type.Literal('article'), Type.Literal('analytics')]),
  title: Type.String(),
  /** the web path of a help article, or of the analytics screen */
  url: Type.String(),
});
export type AssistantSource = Static<typeof AssistantSource>;

export const AssistantMessage = Type.Object({
  id: Uuid,
  role: Type.Union([Type.Literal('user'), Type.Literal('assistant')]),
  content: Type.String(),
  sources: Type.Array(AssistantSource),
  createdAt: Type.String(),
});
export type AssistantMessage = Static<typeof AssistantMessage>;

export const AssistantChatBody = Type.Object(
  { message: Type.String({ minLength: 1, maxLength: AssistantLimits.messageMax }) },
  { additionalProperties: false },
);
export type AssistantChatBody = Static<typeof AssistantChatBody>;

export const AssistantChatResponse = Type.Object({
  message: AssistantMessage,
  reply: AssistantMessage,
  /** 'retrieval' (default) or 'ai' when an OpenAI-compatible model wrote the reply */
  mode: Type.Union([Type.Literal('retrieval'), Type.Literal('ai')]),
});
export type AssistantChatResponse = Static<typeof AssistantChatResponse>;

export const AssistantHistoryQuery = Type.Object(
  { limit: Type.Optional(Type.Integer({ minimum: 1, maximum: AssistantLimits.historyMax })) },
  { additionalProperties: false },
);
export const AssistantHistory = Type.Object({ messages: Type.Array(AssistantMessage) });
export type AssistantHistory = Static<typeof AssistantHistory>;

export const HelpArticleSummary = Type.Object({
  id: Type.String(),
  title: Type.String(),
  url: Type.String(),
});
export const HelpArticle = Type.Object({ ...HelpArticleSummary.properties, body: Type.String() });
export type HelpArticle = Static<typeof HelpArticle>;
export const HelpArticleList = Type.Object({ articles: Type.Array(HelpArticleSummary) });
export const HelpArticleParams = Type.Object({ id: Type.String({ pattern: '^[a-z0-9-]{1,60}$' }) });
