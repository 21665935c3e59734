/** A small coloured badge per notification type, shown on the actor's avatar. */
import type { NotificationType } from '@fanspace/contracts';
import type { ComponentType } from 'react';
import { cn } from '../../../ui/cn.ts';
import {
  BellIcon,
  GiftIcon,
  HeartIcon,
  InfoIcon,
  LockIcon,
  MailIcon,
  MessageIcon,
  ShieldIcon,
  SparklesIcon,
  UserPlusIcon,
  WalletIcon,
  type IconProps,
} from '../../../ui/icons.tsx';

const TYPE_ICONS: Record<NotificationType, { icon: ComponentType<IconProps>; tone: string }> = {
  follow: { icon: UserPlusIcon, tone: 'bg-sky-500' },
  like: { icon: HeartIcon, tone: 'bg-pink-500' },
  comment: { icon: MessageIcon, tone: 'bg-emerald-500' },
  mention: { icon: MessageIcon, tone: 'bg-teal-500' },
  subscription: { icon: SparklesIcon, tone: 'bg-violet-500' },
  tip: { icon: GiftIcon, tone: 'bg-amber-500' },
  purchase: { icon: LockIcon, tone: 'bg-orange-500' },
  message: { icon: MailIcon, tone: 'bg-blue-500' },
  payout: { icon: WalletIcon, tone: 'bg-lime-600' },
  admin: { icon: ShieldIcon, tone: 'bg-slate-500' },
  system: { icon: InfoIcon, tone: 'bg-slate-500' },
  collaboration: { icon: UserPlusIcon, tone: 'bg-fuchsia-500' },
};

export const TYPE_LABELS: Record<NotificationType, string> = {
  follow: 'Follow',
  like: 'Like',
  comment: 'Comment',
  mention: 'Mention',
  subscription: 'Subscription',
  tip: 'Tip',
  purchase: 'Purchase',
  message: 'Message',
  payout: 'Payout',
  admin: 'From the Fanspace team',
  system: 'System',
  collaboration: 'Collaboration',
};

export function NotificationTypeIcon({ type, className }: { type: string; className?: string }) {
  const entry = TYPE_ICONS[type as NotificationType] ?? { icon: BellIcon, tone: 'bg-slate-500' };
  const Icon = entry.icon;
  return (
    <span
      aria-hidden="true"
      className={cn(
        'inline-flex h-5 w-5 items-center justify-center rounded-full text-white ring-2 ring-canvas',
        entry.tone,
        className,
      )}
    >
      <Icon size={11} strokeWidth={2.6} />
    </span>
  );
}
