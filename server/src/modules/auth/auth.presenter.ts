import type { SessionInfo } from '@fanspace/contracts';
import type { SessionRow } from '../../platform/db/schema.ts';
import { deviceLabel } from './auth.policy.ts';

export function presentSession(row: SessionRow, currentSessionId: string): SessionInfo {
  return {
    id: row.id,
    device: deviceLabel(row.user_agent),
    userAgent: row.user_agent,
    ip: row.ip,
    createdAt: row.created_at.toISOString(),
    lastSeenAt: row.last_seen_at.toISOString(),
    current: row.id === currentSessionId,
  };
}
