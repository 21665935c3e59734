import type { ProductionStatus } from '@fanspace/contracts';

export const STATUS_LABELS: Record<ProductionStatus, string> = {
  planned: 'Planned',
  shooting: 'Shooting',
  editing: 'Editing',
  published: 'Published',
};
