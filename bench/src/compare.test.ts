import { describe, expect, it } from 'vitest';
import { regressions } from './compare.ts';

describe('bench:compare', () => {
  const base = {
    requestsPerSecond: 1000,
    p99Ms: 20,
    ratioToCeiling: 0.1,
    serverCpuMsPerRequest: 2,
  };

  it('accepts results within 15% of the baseline', () => {
    expect(
      regressions(base, { ...base, ratioToCeiling: 0.086, serverCpuMsPerRequest: 2.29 }),
    ).toEqual([]);
  });

  it('flags a ratio more than 15% lower and CPU per request more than 15% higher', () => {
    expect(regressions(base, { ...base, ratioToCeiling: 0.084 })).toHaveLength(1);
    expect(regressions(base, { ...base, serverCpuMsPerRequest: 2.31 })).toHaveLength(1);
  });
});
