import type { DbHandle } from './db/database.ts';

/**
 * Platform settings an admin changes at runtime (PUT /admin/settings), stored in
 * `platform_settings` (key → JSON) and read where they apply. Each has a default used while
 * the key is absent, so a fresh install behaves as documented without any row.
 */
export const FEATURE_FLAGS = ['registrationsOpen', 'tips', 'paidMessages', 'massMessages'] as const;
export type FeatureFlag = (typeof FEATURE_FLAGS)[number];

/** Limits: the most mass messages a creator may send per UTC day. */
export const LIMIT_DEFAULTS = { massMessagesPerDay: 5 } as const;
export type LimitName = keyof typeof LIMIT_DEFAULTS;

/** One setting's stored JSON value, or undefined when absent. */
export async function getPlatformSetting(db: DbHandle, key: string): Promise<unknown> {
  const row = await db
    .selectFrom('platform_settings')
    .select('value')
    .where('key', '=', key)
    .executeTakeFirst();
  return row?.value;
}

/** Every feature is on unless an admin switched it off. */
export async function featureEnabled(db: DbHandle, flag: FeatureFlag): Promise<boolean> {
  return featureOn(await getPlatformSetting(db, 'features'), flag);
}

/**
 * `featureEnabled` on the stored `features` value read by another statement (a sale's checks
 * select it as a scalar subquery): on unless switched off.
 */
export function featureOn(features: unknown, flag: FeatureFlag): boolean {
  if (typeof features !== 'object' || features === null) return true;
  return (features as Record<string, unknown>)[flag] !== false;
}

export async function featureFlags(db: DbHandle): Promise<Record<FeatureFlag, boolean>> {
  const features = await getPlatformSetting(db, 'features');
  const stored = typeof features === 'object' && features !== null ? features : {};
  return Object.fromEntries(
    FEATURE_FLAGS.map((f) => [f, (stored as Record<string, unknown>)[f] !== false]),
  ) as Record<FeatureFlag, boolean>;
}

export async function limits(db: DbHandle): Promise<Record<LimitName, number>> {
  const stored = await getPlatformSetting(db, 'limits');
  const values = typeof stored === 'object' && stored !== null ? stored : {};
  return Object.fromEntries(
    Object.entries(LIMIT_DEFAULTS).map(([name, fallback]) => {
      const v = (values as Record<string, unknown>)[name];
      return [name, typeof v === 'number' && Number.isInteger(v) && v >= 0 ? v : fallback];
    }),
  ) as Record<LimitName, number>;
}

/** Automatic moderation: no flagged terms, and 3 distinct reporters make a report high priority. */
export const MODERATION_DEFAULTS = { reportThreshold: 3 } as const;

export interface ModerationSettings {
  flaggedTerms: string[];
  reportThreshold: number;
}

export async function moderationSettings(db: DbHandle): Promise<ModerationSettings> {
  const stored = await getPlatformSetting(db, 'moderation');
  const values = (typeof stored === 'object' && stored !== null ? stored : {}) as Record<
    string,
    unknown
  >;
  const terms = values.flaggedTerms;
  const threshold = values.reportThreshold;
  return {
    flaggedTerms: Array.isArray(terms)
      ? terms.filter((t): t is string => typeof t === 'string')
      : [],
    reportThreshold:
      typeof threshold === 'number' && Number.isInteger(threshold) && threshold >= 1
        ? threshold
        : MODERATION_DEFAULTS.reportThreshold,
  };
}
