import { Type, type Static } from '@sinclair/typebox';
import { Nullable, Uuid } from './common.ts';
import { KitUser } from './creator-kit.ts';

/**
 * Automation rules (SPEC §1 and §7 "Other families"): a creator's rule reacts to a money or
 * subscription event with a chat message to the fan, sent by the job runner exactly once per
 * event and logged as a run.
 */

export const AUTOMATION_TRIGGERS = [
  'new_subscriber',
  'tip_received',
  'subscription_renewed',
  'subscription_expired',
] as const;
export type AutomationTrigger = (typeof AUTOMATION_TRIGGERS)[number];
export const AutomationLimits = {
  perUserMax: 20,
  nameMax: 80,
  textMax: 2000,
  mediaMax: 10,
  runsPageSize: 20,
  runsPageMax: 100,
} as const;

export const AutomationTriggerSchema = Type.Union([
  Type.Literal('new_subscriber'),
  Type.Literal('tip_received'),
  Type.Literal('subscription_renewed'),
  Type.Literal('subscription_expired'),
]);

/** send_message: text ({username} is replaced by the fan's name), optional locked vault media. */
export const AutomationAction = Type.Object(
  {
    type: Type.Literal('send_message'),
    text: Type.String({ maxLength: AutomationLimits.textMax }),
    /** currency units 3.00–200.00; needs at least one media item to lock */
    lockedPrice: Type.Optional(Nullable(Type.Number())),
    mediaIds: Type.Optional(Type.Array(Uuid, { maxItems: AutomationLimits.mediaMax })),
  },
  { additionalProperties: false },
);
export type AutomationAction = Static<typeof AutomationAction>;

export const AutomationRule = Type.Object({
  id: Type.String(),
  name: Type.String(),
  trigger: AutomationTriggerSchema,
  action: Type.Object({
    type: Type.Literal('send_message'),
    text: Type.String(),
    lockedPrice: Nullable(Type.Number()),
    lockedPriceCents: Nullable(Type.Integer()),
    mediaIds: Type.Array(Type.String()),
  }),
  enabled: Type.Boolean(),
  runCount: Type.Integer(),
  lastRunAt: Nullable(Type.String()),
  createdAt: Type.String(),
  updatedAt: Type.String(),
});
export type AutomationRule = Static<typeof AutomationRule>;

export const AutomationRulesResponse = Type.Object({ rules: Type.Array(AutomationRule) });
export type AutomationRulesResponse = Static<typeof AutomationRulesResponse>;

const RuleName = Type.String({ minLength: 1, maxLength: AutomationLimits.nameMax });

export const CreateAutomationRuleBody = Type.Object(
  {
    name: RuleName,
    trigger: AutomationTriggerSchema,
    action: AutomationAction,
    enabled: Type.Optional(Type.Boolean()),
  },
  { additionalProperties: false },
);
export type CreateAutomationRuleBody = Static<typeof CreateAutomationRuleBody>;

export const UpdateAutomationRuleBody = Type.Object(
  {
    name: Type.Optional(RuleName),
    trigger: Type.Optional(AutomationTriggerSchema),
    action: Type.Optional(AutomationAction),
    enabled: Type.Optional(Type.Boolean()),
  },
  { additionalProperties: false },
);
export type UpdateAutomationRuleBody = Static<typeof UpdateAutomationRuleBody>;

export const AutomationRunStatusSchema = Type.Union([
  Type.Literal('sent'),
  Type.Literal('skipped'),
]);

export const AutomationRun = Type.Object({
  id: Type.String(),
  ruleId: Type.String(),
  trigger: AutomationTriggerSchema,
  fanId: Nullable(Type.String()),
  fan: Nullable(KitUser),
  status: AutomationRunStatusSchema,
  /** why a run was skipped (blocked, account gone…) */
  reason: Nullable(Type.String()),
  messageId: Nullable(Type.String()),
  chatId: Nullable(Type.String()),
  createdAt: Type.String(),
});
export type AutomationRun = Static<typeof AutomationRun>;

export const AutomationRunsQuery = Type.Object({
  limit: Type.Optional(Type.Integer({ minimum: 1, maximum: AutomationLimits.runsPageMax })),
  /** keyset cursor: the nextCursor of the previous page */
  before: Type.Optional(Type.String({ pattern: '^[0-9]{1,18}$' })),
});
export type AutomationRunsQuery = Static<typeof AutomationRunsQuery>;

export const AutomationRunsResponse = Type.Object({
  runs: Type.Array(AutomationRun),
  hasMore: Type.Boolean(),
  nextCursor: Nullable(Type.String()),
});
export type AutomationRunsResponse = Static<typeof AutomationRunsResponse>;
