import {
  AssistantChatBody,
  AssistantChatResponse,
  AssistantHistory,
  AssistantHistoryQuery,
  CacheResponse,
  ErrorCodes,
  HelpArticle,
  HelpArticleList,
  HelpArticleParams,
  routeErrors,
} from '@fanspace/contracts';
import type { App } from '../../platform/http/app.ts';
import { currentUser, perUserLimit } from '../graph/route-helpers.ts';
import { chat, clearHistory, getArticle, history, listArticles } from './assistant.service.ts';

const tags = ['assistant'];
const E = ErrorCodes;

/** The assistant chat (SPEC §7 "the AI assistant chat") and the help articles it cites. */
export async function assistantRoutes(app: App) {
  const { ctx } = app;

  app.post(
    '/assistant/chat',
    {
      config: { auth: 'user', rateLimit: perUserLimit(20, '1 minute') },
      schema: {
        tags,
        summary:
          'Ask the assistant: an answer from the help articles and your own analytics, with sources',
        body: AssistantChatBody,
        response: { 200: AssistantChatResponse, 400: routeErrors(E.VALIDATION_FAILED) },
      },
    },
    async (request) => chat(ctx, currentUser(request), request.body.message),
  );

  app.get(
    '/assistant/messages',
    {
      config: { auth: 'user' },
      schema: {
        tags,
        summary: 'Your conversation with the assistant, oldest first',
        querystring: AssistantHistoryQuery,
        response: { 200: AssistantHistory },
      },
    },
    async (request) => history(ctx, currentUser(request).id, request.query.limit),
  );

  app.delete(
    '/assistant/messages',
    {
      config: { auth: 'user' },
      schema: {
        tags,
        summary: 'Forget your conversation with the assistant',
        response: { 200: CacheResponse },
      },
    },
    async (request) => clearHistory(ctx, currentUser(request).id),
  );

  app.get(
    '/assistant/articles',
    {
      config: { auth: 'public' },
      schema: { tags, summary: 'The help articles', response: { 200: HelpArticleList } },
    },
    async () => listArticles(),
  );

  app.get(
    '/assistant/articles/:id',
    {
      config: { auth: 'public' },
      schema: {
        tags,
        summary: 'One help article (markdown)',
        params: HelpArticleParams,
        response: { 200: HelpArticle, 404: routeErrors(E.HELP_ARTICLE_NOT_FOUND) },
      },
    },
    async (request) => getArticle(request.params.id),
  );
}
