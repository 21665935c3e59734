import { Type, type Static } from '@sinclair/typebox';
import { Value } from '@sinclair/typebox/value';
import path from 'node:path';

/**
 * Every setting comes from the environment, is validated once at start and documented in
 * `.env.example`. Anything invalid stops the process with a message naming the variable.
 */
const EnvSchema = Type.Object({
  NODE_ENV: Type.Union(
    [Type.Literal('development'), Type.Literal('production'), Type.Literal('test')],
    { default: 'development' },
  ),
  PORT: Type.Integer({ minimum: 0, maximum: 65535, default: 3000 }),
  HOST: Type.String({ default: '0.0.0.0' }),
  DATA_DIR: Type.String({ default: './data' }),
  DATABASE_URL: Type.Optional(Type.String({ pattern: '^postgres(ql)?://' })),
  DATABASE_POOL_SIZE: Type.Integer({ minimum: 1, maximum: 200, default: 10 }),
  /** a read replica (PostgreSQL streaming standby) for lag-tolerant reads; needs DATABASE_URL */
  DATABASE_READ_URL: Type.Optional(Type.String({ pattern: '^postgres(ql)?://' })),
  /** connections to the replica per process; unset: DATABASE_POOL_SIZE */
  DATABASE_READ_POOL_SIZE: Type.Optional(Type.Integer({ minimum: 1, maximum: 200 })),
  /** how long a signed-in user's reads stay on the primary after their last write (ms) */
  DATABASE_READ_STICKY_MS: Type.Integer({ minimum: 0, maximum: 60_000, default: 3000 }),
  REDIS_URL: Type.Optional(Type.String({ pattern: '^rediss?://' })),
  /** the Redis pub/sub channel of realtime events; separate deployments (or tests) on one Redis use different ones */
  REALTIME_CHANNEL: Type.String({ minLength: 1, maxLength: 100, default: 'fanspace:realtime' }),
  PUBLIC_URL: Type.Optional(Type.String({ pattern: '^https?://' })),
  ROLES: Type.String({
    default: 'http,realtime,worker',
    pattern: '^(http|realtime|worker)(,(http|realtime|worker))*$',
  }),
  LOG_LEVEL: Type.Union(
    ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'].map((l) => Type.Literal(l)),
    { default: 'info' },
  ),
  DEMO_SEED: Type.Boolean({ default: true }),
  WEB_DIST: Type.Optional(Type.String()),
  /** how long index.html of `/` or a profile may wait for the page's data it embeds (ms); 0: off */
  SPA_BOOT_DATA_MS: Type.Integer({ minimum: 0, maximum: 5_000, default: 300 }),
  /** how long the server may render such a page's first view into its HTML (ms); 0: off */
  SPA_RENDER_MS: Type.Integer({ minimum: 0, maximum: 5_000, default: 250 }),
  /**
   * V8's old generation grows to (1 + this/100) × the live heap before its next full
   * collection (platform/heap.ts); 0: V8's own factor, which let it reach ~2× under load
   */
  HEAP_GROWING_PERCENT: Type.Integer({ minimum: 0, maximum: 400, default: 60 }),
  TRUST_PROXY: Type.Boolean({ default: false }),
  SESSION_TTL_DAYS: Type.Integer({ minimum: 1, maximum: 365, default: 30 }),
  /** seconds a process reuses a session lookup (platform/auth/session-cache.ts); 0: off */
  SESSION_CACHE_SECONDS: Type.Integer({ minimum: 0, maximum: 300, default: 30 }),
  SESSION_CACHE_MAX_ENTRIES: Type.Integer({ minimum: 1, maximum: 1_000_000, default: 10_000 }),
  COOKIE_SECURE: Type.Optional(Type.Boolean()),
  RATE_LIMIT_ENABLED: Type.Boolean({ default: true }),
  SMTP_URL: Type.Optional(Type.String({ pattern: '^smtps?://' })),
  MAIL_FROM: Type.String({ default: 'Fanspace <no-reply@fanspace.test>' }),
  BETA_REQUIRED: Type.Boolean({ default: false }),
  DATA_ENCRYPTION_KEY: Type.Optional(Type.String({ minLength: 32 })),
  ADMIN_REQUIRE_2FA: Type.Boolean({ default: true }),
  JOB_POLL_MS: Type.Integer({ minimum: 10, maximum: 60_000, default: 1000 }),
  /** a running job whose worker stopped heartbeating this long ago is taken over (crash) */
  JOB_STALE_AFTER_MS: Type.Integer({ minimum: 1000, maximum: 3_600_000, default: 60_000 }),
  STRIPE_SECRET_KEY: Type.Optional(Type.String()),
  STRIPE_WEBHOOK_SECRET: Type.Optional(Type.String()),
  STRIPE_PUBLISHABLE_KEY: Type.Optional(Type.String()),
  /** tests and self-hosted mocks: the Stripe API base, e.g. http://127.0.0.1:12111 */
  STRIPE_API_BASE: Type.Optional(Type.String({ pattern: '^https?://' })),
  /** the pro pack's monthly price in currency units when the admin setting proPackPrice is unset */
  PRO_PACK_PRICE: Type.Number({ minimum: 1, maximum: 1000, default: 9.99 }),
  S3_BUCKET: Type.Optional(Type.String()),
  S3_REGION: Type.Optional(Type.String()),
  S3_ENDPOINT: Type.Optional(Type.String()),
  S3_ACCESS_KEY_ID: Type.Optional(Type.String()),
  S3_SECRET_ACCESS_KEY: Type.Optional(Type.String()),
  /** path-style bucket URLs (MinIO and most self-hosted S3-compatible stores) */
  S3_FORCE_PATH_STYLE: Type.Boolean({ default: false }),
  /** CDN/bucket base for public keys; unset: public files are streamed by /api/files/public */
  S3_PUBLIC_URL: Type.Optional(Type.String({ pattern: '^https?://' })),
  /** media tools; found on PATH by default, 'none' turns video posters and probing off */
  FFMPEG_PATH: Type.String({ default: 'ffmpeg' }),
  FFPROBE_PATH: Type.String({ default: 'ffprobe' }),
  /** lifetime of signed media URLs and of presigned upload URLs */
  MEDIA_URL_TTL_SECONDS: Type.Integer({ minimum: 30, maximum: 86_400, default: 900 }),
  UPLOAD_URL_TTL_SECONDS: Type.Integer({ minimum: 60, maximum: 86_400, default: 3600 }),
  AI_BASE_URL: Type.Optional(Type.String()),
  AI_API_KEY: Type.Optional(Type.String()),
  AI_MODEL: Type.Optional(Type.String()),
  /** translation: 'none' turns it off; 'libretranslate' (the default when TRANSLATE_URL is set) */
  TRANSLATION_PROVIDER: Type.Optional(
    Type.Union([Type.Literal('none'), Type.Literal('libretranslate')]),
  ),
  /** a LibreTranslate-compatible server, e.g. http://127.0.0.1:5000 */
  TRANSLATE_URL: Type.Optional(Type.String({ pattern: '^https?://' })),
  TRANSLATE_API_KEY: Type.Optional(Type.String()),
  /** seconds a process reuses its ranked discover window (docs/PERFORMANCE.md); 0: rank per request (the default under NODE_ENV=test) */
  DISCOVER_CACHE_SECONDS: Type.Optional(Type.Integer({ minimum: 0, maximum: 3600 })),
  /** overload shedding (@fastify/under-pressure); unset: on, except under NODE_ENV=test */
  PRESSURE_ENABLED: Type.Optional(Type.Boolean()),
  /** mean event-loop delay over one sample above which /api requests get 503 (0 = off) */
  PRESSURE_MAX_EVENT_LOOP_DELAY_MS: Type.Integer({ minimum: 0, maximum: 60_000, default: 1000 }),
  /**
   * event-loop utilisation over one sample (0-1) above which requests are shed (0 = off, the
   * default: with embedded PGlite the loop is busy doing database work, so lag is the signal)
   */
  PRESSURE_MAX_EVENT_LOOP_UTILIZATION: Type.Number({ minimum: 0, maximum: 1, default: 0 }),
  /** heap used / resident set size in bytes above which requests are shed (0 = off) */
  PRESSURE_MAX_HEAP_BYTES: Type.Integer({ minimum: 0, default: 0 }),
  PRESSURE_MAX_RSS_BYTES: Type.Integer({ minimum: 0, default: 0 }),
  PRESSURE_SAMPLE_INTERVAL_MS: Type.Integer({ minimum: 5, maximum: 60_000, default: 1000 }),
  PRESSURE_RETRY_AFTER_SECONDS: Type.Integer({ minimum: 1, maximum: 3600, default: 10 }),
  /**
   * /api requests being answered at once (websocket upgrades and /api/health aside); past it,
   * new ones get 503 at once. Catches what the loop metrics miss: requests piling up while
   * they wait for the database (0 = off).
   */
  PRESSURE_MAX_IN_FLIGHT: Type.Integer({ minimum: 0, maximum: 100_000, default: 100 }),
});

type Env = Static<typeof EnvSchema>;
export type Role = 'http' | 'realtime' | 'worker';

export interface Config extends Omit<
  Env,
  'ROLES' | 'DISCOVER_CACHE_SECONDS' | 'DATABASE_READ_POOL_SIZE'
> {
  roles: Set<Role>;
  DATABASE_READ_POOL_SIZE: number;
  DISCOVER_CACHE_SECONDS: number;
  dataDir: string;
  webDist: string;
  version: string;
  cookieSecure: boolean;
  isProduction: boolean;
  isTest: boolean;
  pressureEnabled: boolean;
}

export class ConfigError extends Error {}

/** Empty strings count as unset, so `FOO=` in an env file means "use the default". */
function normalise(env: NodeJS.ProcessEnv): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(env)) {
    if (key in EnvSchema.properties && value !== undefined && value !== '') out[key] = value;
  }
  return out;
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const raw = Value.Convert(EnvSchema, Value.Default(EnvSchema, normalise(env)));
  const errors = [...Value.Errors(EnvSchema, raw)];
  if (errors.length > 0) {
    const lines = errors.map((e) => `  ${e.path.slice(1) || '(root)'}: ${e.message}`);
    throw new ConfigError(`Invalid configuration:\n${lines.join('\n')}`);
  }
  const parsed = raw as Env;
  // a replica of the embedded database does not exist: refuse rather than ignore the setting
  if (parsed.DATABASE_READ_URL && !parsed.DATABASE_URL)
    throw new ConfigError(
      'Invalid configuration:\n  DATABASE_READ_URL: needs DATABASE_URL (a read replica serves a PostgreSQL primary, not the embedded database)',
    );
  const { ROLES, ...rest } = parsed;
  const dataDir = path.resolve(parsed.DATA_DIR);
  const isProduction = parsed.NODE_ENV === 'production';
  return {
    ...rest,
    DEMO_SEED: parsed.DEMO_SEED && !isProduction,
    DATABASE_READ_POOL_SIZE: parsed.DATABASE_READ_POOL_SIZE ?? parsed.DATABASE_POOL_SIZE,
    roles: new Set(ROLES.split(',') as Role[]),
    dataDir,
    webDist: path.resolve(
      parsed.WEB_DIST ?? new URL('../../../web/dist', import.meta.url).pathname,
    ),
    version: process.env.npm_package_version ?? '0.1.0',
    cookieSecure: parsed.COOKIE_SECURE ?? isProduction,
    isProduction,
    isTest: parsed.NODE_ENV === 'test',
    DISCOVER_CACHE_SECONDS: parsed.DISCOVER_CACHE_SECONDS ?? (parsed.NODE_ENV === 'test' ? 0 : 30),
    pressureEnabled: parsed.PRESSURE_ENABLED ?? parsed.NODE_ENV !== 'test',
  };
}
