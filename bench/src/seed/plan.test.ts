import { describe, expect, it } from 'vitest';
import { accessLevelOf, benchId, followeeOf, levelIndexOf, planFor } from './plan.ts';

describe('seed plan', () => {
  it('is the issue dataset at scale 1', () => {
    const plan = planFor(1);
    expect(plan).toMatchObject({ users: 100_000, creators: 2_000, posts: 1_000_000 });
    expect(plan.users * (plan.followsPerUser + plan.subscriptionsPerUser)).toBe(5_000_000);
    expect(plan.users * plan.likesPerUser).toBe(2_000_000);
    // one chat per fan, whole messages per chat: within 5% of 500k
    expect(Math.abs((plan.users - plan.creators) * plan.messagesPerChat - 500_000)).toBeLessThan(
      25_000,
    );
  });

  it('gives every user distinct followees at any scale', () => {
    for (const scale of [0.001, 0.01, 0.0035, 0.1, 1]) {
      const plan = planFor(scale);
      for (const user of [1, 7, plan.users]) {
        const followees = Array.from({ length: plan.followsPerUser }, (_, k) =>
          followeeOf(plan, user, k),
        );
        expect(new Set(followees).size).toBe(plan.followsPerUser);
        expect(Math.max(...followees)).toBeLessThanOrEqual(plan.creators);
      }
    }
  });

  it('refuses nonsense scales and makes valid uuids', () => {
    expect(() => planFor(0)).toThrow(/BENCH_SCALE/);
    expect(() => planFor(Number.NaN)).toThrow(/BENCH_SCALE/);
    expect(benchId('post', 255)).toBe('00000000-0000-4000-9000-0000000000ff');
  });

  it("makes a tenth of every creator's posts paid, at any scale", () => {
    for (const scale of [0.001, 0.01, 0.1, 1]) {
      const plan = planFor(scale);
      const paidBy = new Map<number, number>();
      const postsBy = new Map<number, number>();
      let paid = 0;
      for (let j = 1; j <= plan.posts; j++) {
        const creator = ((j - 1) % plan.creators) + 1;
        postsBy.set(creator, (postsBy.get(creator) ?? 0) + 1);
        if (accessLevelOf(plan, j) !== 'paid') continue;
        paid += 1;
        paidBy.set(creator, (paidBy.get(creator) ?? 0) + 1);
      }
      expect(Math.abs(paid - plan.posts / 10)).toBeLessThanOrEqual(plan.creators);
      // every creator with ten posts or more sells some
      for (const [creator, count] of postsBy)
        if (count >= 10) expect(paidBy.get(creator) ?? 0).toBeGreaterThanOrEqual(1);
      // creator 1 sells its tenth post (r = 9)
      expect(levelIndexOf(plan, 9 * plan.creators + 1)).toBe(0);
    }
  });
});
