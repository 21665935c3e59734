import type { ProductionPost, ProductionStatus } from '@fanspace/contracts';

export const STATUS_LABELS: Record<ProductionStatus, string> = {
  planned: 'Planned',
  shooting: 'Shooting',
  editing: 'Editing',
  published: 'Published',
};

/** A linked post's line: its caption, or a stand-in for a post without one. */
export const postLabel = (post: Pick<ProductionPost, 'caption'>) =>
  post.caption.trim() || 'Untitled post';
export const postDate = (iso: string) => new Date(iso).toLocaleDateString();
