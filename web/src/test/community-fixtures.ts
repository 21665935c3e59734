/** A contract-shaped community for tests: public, not joined, unless overridden. */
import type { Community } from '@fanspace/contracts';

export const makeCommunity = (over: Partial<Community> = {}): Community => ({
  id: 'c1',
  communityId: 'c1',
  name: 'Runners',
  description: 'Morning runs',
  category: 'fitness',
  isPrivate: false,
  ownerId: 'u9',
  owner: null,
  memberCount: 12,
  likeCount: 3,
  postCount: 1,
  lastActivityAt: '2026-11-25T10:00:00Z',
  createdAt: '2026-11-20T10:00:00Z',
  isMember: false,
  role: null,
  isInvited: false,
  canManage: false,
  canPost: false,
  ...over,
});
