/** Contract-shaped admin test data. */
import type { AdminUser, Report } from '@fanspace/contracts';

export function makeAdminUser(overrides: Partial<AdminUser> = {}): AdminUser {
  return {
    id: '11111111-1111-4111-8111-111111111111',
    username: 'mallory',
    displayName: 'Mallory',
    email: 'mallory@example.com',
    avatarUrl: null,
    accountType: 'fan',
    isCreator: false,
    isAdmin: false,
    status: 'active',
    statusReason: null,
    suspendedUntil: null,
    identityStatus: 'none',
    isVerified: false,
    emailVerified: true,
    twoFactorEnabled: false,
    promotedUntil: null,
    isPromoted: false,
    followersCount: 3,
    postsCount: 0,
    warningsCount: 0,
    createdAt: '2026-01-02T10:00:00.000Z',
    lastLoginAt: null,
    ...overrides,
  };
}

export function makeReport(overrides: Partial<Report> = {}): Report {
  return {
    id: '22222222-2222-4222-8222-222222222222',
    type: 'post',
    source: 'user',
    targetId: '33333333-3333-4333-8333-333333333333',
    reason: 'spam',
    details: 'Posted the same link ten times',
    status: 'pending',
    reporter: { id: '44444444-4444-4444-8444-444444444444', username: 'fan1' },
    reporterCount: 1,
    priority: 'normal',
    targetUser: { id: '55555555-5555-4555-8555-555555555555', username: 'creator1' },
    postId: '33333333-3333-4333-8333-333333333333',
    chatId: null,
    action: null,
    notes: null,
    createdAt: '2026-01-03T10:00:00.000Z',
    resolvedAt: null,
    ...overrides,
  };
}

export const pageInfo = (total: number) => ({
  total,
  page: 1,
  currentPage: 1,
  totalPages: Math.max(1, Math.ceil(total / 20)),
  hasMore: false,
});
