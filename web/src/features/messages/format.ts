/** Small display helpers for the chat screens. */
const usd = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' });

export function formatMoney(amount: number): string {
  return usd.format(amount);
}

/** "14:05" today, "Mon" this week, "Mar 3" otherwise: the chat list's time column. */
export function listTime(iso: string, now = Date.now()): string {
  const at = new Date(iso);
  if (Number.isNaN(at.getTime())) return '';
  const today = new Date(now);
  if (at.toDateString() === today.toDateString()) {
    return at.toLocaleTimeString(undefined, { hour: '2-digit', minute: '2-digit' });
  }
  if (now - at.getTime() < 6 * 864e5) return at.toLocaleDateString(undefined, { weekday: 'short' });
  return at.toLocaleDateString(undefined, { month: 'short', day: 'numeric' });
}

export function bubbleTime(iso: string): string {
  const at = new Date(iso);
  return Number.isNaN(at.getTime())
    ? ''
    : at.toLocaleTimeString(undefined, { hour: '2-digit', minute: '2-digit' });
}

/** Day separators in the conversation: "Today", "Yesterday" or the date. */
export function dayLabel(iso: string, now = Date.now()): string {
  const at = new Date(iso);
  const today = new Date(now);
  const yesterday = new Date(now - 864e5);
  if (at.toDateString() === today.toDateString()) return 'Today';
  if (at.toDateString() === yesterday.toDateString()) return 'Yesterday';
  return at.toLocaleDateString(undefined, { weekday: 'long', month: 'long', day: 'numeric' });
}

export function durationLabel(seconds: number | null): string {
  if (seconds === null || !Number.isFinite(seconds)) return '';
  const s = Math.max(0, Math.round(seconds));
  return `${Math.floor(s / 60)}:${String(s % 60).padStart(2, '0')}`;
}
