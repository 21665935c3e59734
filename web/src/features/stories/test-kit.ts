/** Story fixtures of the web tests (not a test file itself). */
import type { Story, StoryGroup } from '@fanspace/contracts';

let counter = 0;

export function makeStory(overrides: Partial<Story> = {}): Story {
  counter += 1;
  const id = overrides.id ?? `00000000-0000-4000-8000-${String(counter).padStart(12, '0')}`;
  const userId = overrides.userId ?? 'creator-1';
  return {
    id,
    storyId: id,
    userId,
    user: {
      id: userId,
      userId,
      username: `user_${userId}`,
      displayName: `Creator ${userId}`,
      avatarUrl: null,
      isCreator: true,
      isVerified: true,
    },
    media: null,
    mediaUrl: null,
    thumbnailUrl: null,
    mediaType: 'text',
    mediaId: null,
    durationSeconds: null,
    caption: '',
    textOverlay: `Story ${counter}`,
    textPosition: { x: 0.5, y: 0.3 },
    textSize: 28,
    backgroundColor: '#111111',
    textColor: '#ffffff',
    accessLevel: 'public',
    createdAt: new Date(Date.now() - 3_600_000).toISOString(),
    expiresAt: new Date(Date.now() + 20 * 3_600_000).toISOString(),
    seen: false,
    isOwn: false,
    ...overrides,
  };
}

export function makeGroup(userId: string, stories: Array<Partial<Story>>): StoryGroup {
  const list = stories.map((s) => makeStory({ ...s, userId }));
  return {
    userId,
    user: list[0]!.user,
    stories: list,
    hasUnseen: list.some((s) => !s.seen),
    latestAt: list[list.length - 1]!.createdAt,
  };
}
