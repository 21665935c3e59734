import {
  AutomationRule,
  AutomationRulesResponse,
  AutomationRunsQuery,
  AutomationRunsResponse,
  CreateAutomationRuleBody,
  ErrorCodes,
  KitIdParams,
  KitLookupParams,
  KitOk,
  UpdateAutomationRuleBody,
  routeErrors,
} from '@fanspace/contracts';
import type { App } from '../../platform/http/app.ts';
import { currentUser, perUserLimit } from '../graph/route-helpers.ts';
import {
  createRule,
  deleteRule,
  getRule,
  listRules,
  listRuns,
  updateRule,
} from './automation.service.ts';

const E = ErrorCodes;
const READ = perUserLimit(240, '1 minute');
const WRITE = perUserLimit(60, '1 minute');
const tags = ['automation-rules'];
const invalid = routeErrors(E.VALIDATION_FAILED);
const onlyCreators = routeErrors(E.ONLY_CREATORS);
const missing = routeErrors(E.AUTOMATION_RULE_NOT_FOUND, E.MEDIA_NOT_FOUND);

/** A creator's automation rules (welcome message, thank-you on tip…) and their run log. */
export async function automationRoutes(app: App) {
  const { ctx } = app;
  // a fan has no rules: the list answers them an empty one, not 403 (writes stay creator-only)
  app.get(
    '/automation-rules',
    {
      config: { auth: 'user', rateLimit: READ },
      schema: {
        tags,
        summary: 'My automation rules with their run counts (a fan: none)',
        response: { 200: AutomationRulesResponse },
      },
    },
    async (request) => {
      const user = currentUser(request);
      return user.account_type === 'creator' ? listRules(ctx, user.id) : { rules: [] };
    },
  );
  app.get(
    '/automation-rules/:id',
    {
      config: { auth: 'user', rateLimit: READ },
      schema: {
        tags,
        summary: 'One of my rules with its run count',
        params: KitLookupParams,
        response: { 200: AutomationRule, 404: routeErrors(E.AUTOMATION_RULE_NOT_FOUND) },
      },
    },
    async (request) => getRule(ctx, currentUser(request).id, request.params.id),
  );
  app.post(
    '/automation-rules',
    {
      config: { auth: 'creator', rateLimit: WRITE },
      schema: {
        tags,
        summary:
          'Create a rule: trigger new_subscriber | tip_received | subscription_renewed | subscription_expired, action send_message',
        body: CreateAutomationRuleBody,
        response: {
          201: AutomationRule,
          400: invalid,
          403: onlyCreators,
          404: missing,
          429: routeErrors(E.LIMIT_REACHED, E.RATE_LIMITED),
        },
      },
    },
    async (request, reply) =>
      reply.status(201).send(await createRule(ctx, currentUser(request).id, request.body)),
  );
  app.put(
    '/automation-rules/:id',
    {
      config: { auth: 'creator', rateLimit: WRITE },
      schema: {
        tags,
        summary: 'Edit a rule (name, trigger, action, enabled)',
        params: KitIdParams,
        body: UpdateAutomationRuleBody,
        response: { 200: AutomationRule, 400: invalid, 403: onlyCreators, 404: missing },
      },
    },
    async (request) => updateRule(ctx, currentUser(request).id, request.params.id, request.body),
  );
  app.delete(
    '/automation-rules/:id',
    {
      config: { auth: 'creator', rateLimit: WRITE },
      schema: {
        tags,
        summary: 'Delete a rule and its run log',
        params: KitIdParams,
        response: { 200: KitOk, 400: invalid, 403: onlyCreators, 404: missing },
      },
    },
    async (request) => deleteRule(ctx, currentUser(request).id, request.params.id),
  );
  app.get(
    '/automation-rules/:id/runs',
    {
      config: { auth: 'creator', rateLimit: READ },
      schema: {
        tags,
        summary: 'What a rule did, newest first (keyset cursor `before`)',
        params: KitIdParams,
        querystring: AutomationRunsQuery,
        response: { 200: AutomationRunsResponse, 400: invalid, 403: onlyCreators, 404: missing },
      },
    },
    async (request) => listRuns(ctx, currentUser(request).id, request.params.id, request.query),
  );
}
