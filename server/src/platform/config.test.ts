import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config.ts';

describe('loadConfig', () => {
  it('applies defaults', () => {
    const config = loadConfig({});
    expect(config.PORT).toBe(3000);
    expect(config.roles).toEqual(new Set(['http', 'realtime', 'worker']));
    expect(config.DEMO_SEED).toBe(true);
    expect(config.dataDir.endsWith('/data')).toBe(true);
  });

  it('converts types and treats empty strings as unset', () => {
    const config = loadConfig({ PORT: '8080', DEMO_SEED: 'false', DATABASE_URL: '' });
    expect(config.PORT).toBe(8080);
    expect(config.DEMO_SEED).toBe(false);
    expect(config.DATABASE_URL).toBeUndefined();
  });

  it('never seeds demo data in production', () => {
    expect(loadConfig({ NODE_ENV: 'production' }).DEMO_SEED).toBe(false);
  });

  it('names the invalid variable', () => {
    expect(() => loadConfig({ PORT: 'eighty' })).toThrow(ConfigError);
    expect(() => loadConfig({ PORT: 'eighty' })).toThrow(/PORT/);
    expect(() => loadConfig({ DATABASE_URL: 'mysql://x' })).toThrow(/DATABASE_URL/);
    expect(() => loadConfig({ ROLES: 'http,cooking' })).toThrow(/ROLES/);
  });

  it('reads the old generation’s growing factor (60% unless told; 0 is V8’s own)', () => {
    expect(loadConfig({}).HEAP_GROWING_PERCENT).toBe(60);
    expect(loadConfig({ HEAP_GROWING_PERCENT: '0' }).HEAP_GROWING_PERCENT).toBe(0);
    expect(() => loadConfig({ HEAP_GROWING_PERCENT: '-5' })).toThrow(/HEAP_GROWING_PERCENT/);
  });

  it('reads how long a silent job worker is trusted (a minute unless told)', () => {
    expect(loadConfig({}).JOB_STALE_AFTER_MS).toBe(60_000);
    expect(loadConfig({ JOB_STALE_AFTER_MS: '3000' }).JOB_STALE_AFTER_MS).toBe(3000);
    expect(() => loadConfig({ JOB_STALE_AFTER_MS: '10' })).toThrow(/JOB_STALE_AFTER_MS/);
  });

  it('takes a read replica only beside a PostgreSQL primary', () => {
    const primary = 'postgres://app@db.internal/fanspace';
    const replica = 'postgres://app@replica.internal/fanspace';
    const plain = loadConfig({ DATABASE_URL: primary, DATABASE_POOL_SIZE: '12' });
    expect(plain.DATABASE_READ_URL).toBeUndefined();
    expect(plain.DATABASE_READ_POOL_SIZE).toBe(12);
    expect(plain.DATABASE_READ_STICKY_MS).toBe(3000);
    const config = loadConfig({
      DATABASE_URL: primary,
      DATABASE_READ_URL: replica,
      DATABASE_READ_POOL_SIZE: '4',
      DATABASE_READ_STICKY_MS: '500',
    });
    expect(config).toMatchObject({
      DATABASE_READ_URL: replica,
      DATABASE_READ_POOL_SIZE: 4,
      DATABASE_READ_STICKY_MS: 500,
    });
    expect(() => loadConfig({ DATABASE_READ_URL: replica })).toThrow(ConfigError);
    expect(() => loadConfig({ DATABASE_READ_URL: replica })).toThrow(
      /DATABASE_READ_URL: needs DATABASE_URL/,
    );
    expect(() => loadConfig({ DATABASE_URL: primary, DATABASE_READ_URL: 'mysql://x' })).toThrow(
      /DATABASE_READ_URL/,
    );
    expect(() => loadConfig({ DATABASE_URL: primary, DATABASE_READ_STICKY_MS: '-1' })).toThrow(
      /DATABASE_READ_STICKY_MS/,
    );
    // empty means unset, as everywhere
    expect(loadConfig({ DATABASE_READ_URL: '' }).DATABASE_READ_URL).toBeUndefined();
  });
});
