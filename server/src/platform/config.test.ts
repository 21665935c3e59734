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

  it('reads how long a silent job worker is trusted (a minute unless told)', () => {
    expect(loadConfig({}).JOB_STALE_AFTER_MS).toBe(60_000);
    expect(loadConfig({ JOB_STALE_AFTER_MS: '3000' }).JOB_STALE_AFTER_MS).toBe(3000);
    expect(() => loadConfig({ JOB_STALE_AFTER_MS: '10' })).toThrow(/JOB_STALE_AFTER_MS/);
  });
});
