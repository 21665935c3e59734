import {
  COMMUNITY_CATEGORIES,
  type CommunityCategory,
  type CommunitySort,
} from '@fanspace/contracts';

export const CATEGORY_LABELS: Record<CommunityCategory, string> = {
  general: 'General',
  art: 'Art',
  music: 'Music',
  fitness: 'Fitness',
  gaming: 'Gaming',
  lifestyle: 'Lifestyle',
  fashion: 'Fashion',
  photography: 'Photography',
  education: 'Education',
  other: 'Other',
};

export const CATEGORY_OPTIONS = COMMUNITY_CATEGORIES.map((value) => ({
  value,
  label: CATEGORY_LABELS[value],
}));

export const SORT_LABELS: Record<CommunitySort, string> = {
  activity: 'Most active',
  members: 'Most members',
  likes: 'Most liked',
  newest: 'Newest',
};
