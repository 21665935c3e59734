import { describe, expect, it } from 'vitest';
import { AppError } from '../../platform/errors.ts';
import {
  assertCanFollow,
  assertNotSelf,
  canManageGroup,
  contradictingFeedback,
  isReachable,
} from './graph.policy.ts';

function errorOf(fn: () => void): AppError | undefined {
  try {
    fn();
  } catch (err) {
    if (err instanceof AppError) return err;
    throw err;
  }
  return undefined;
}

describe('graph policy', () => {
  it('refuses relations with oneself', () => {
    expect(errorOf(() => assertNotSelf('a', 'a', 'follow'))).toMatchObject({
      statusCode: 400,
      code: 'CANNOT_TARGET_SELF',
      message: 'You cannot follow yourself',
    });
    expect(errorOf(() => assertNotSelf('a', 'b', 'follow'))).toBeUndefined();
  });

  it('hides a block by the target as a 404 and explains a block by the viewer', () => {
    const none = { viewerBlockedTarget: false, targetBlockedViewer: false };
    expect(errorOf(() => assertCanFollow(none))).toBeUndefined();
    expect(errorOf(() => assertCanFollow({ ...none, targetBlockedViewer: true }))).toMatchObject({
      statusCode: 404,
    });
    expect(errorOf(() => assertCanFollow({ ...none, viewerBlockedTarget: true }))).toMatchObject({
      statusCode: 403,
      code: 'USER_BLOCKED',
    });
    const both = { viewerBlockedTarget: true, targetBlockedViewer: true };
    expect(errorOf(() => assertCanFollow(both))?.statusCode).toBe(404);
  });

  it('treats banned and deleted accounts as unreachable', () => {
    expect(isReachable({ status: 'active' })).toBe(true);
    expect(isReachable({ status: 'suspended' })).toBe(true);
    expect(isReachable({ status: 'banned' })).toBe(false);
    expect(isReachable({ status: 'deleted' })).toBe(false);
  });

  it('lets only the owner manage a group', () => {
    expect(canManageGroup('a', { owner_id: 'a' })).toBe(true);
    expect(canManageGroup('b', { owner_id: 'a' })).toBe(false);
  });

  it('pairs the contradicting feedback kinds', () => {
    expect(contradictingFeedback('not_interested')).toBe('show_more');
    expect(contradictingFeedback('show_more')).toBe('not_interested');
    expect(contradictingFeedback('report_spam')).toBeNull();
  });
});
