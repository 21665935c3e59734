/**
 * /settings and /settings/:section. Laptops show the section list beside the open section;
 * phones show the list at /settings and one section per page with a way back.
 */
import { useEffect, useRef, type ComponentType } from 'react';
import { Link, Navigate, useParams } from 'react-router';
import { useDocumentTitle } from '../../../lib/use-document-title.ts';
import { cn } from '../../../ui/cn.ts';
import {
  AlertIcon,
  ArrowLeftIcon,
  BadgeCheckIcon,
  BellIcon,
  LockIcon,
  PaletteIcon,
  ServerIcon,
  ShieldIcon,
  UserIcon,
  WalletIcon,
  type IconProps,
} from '../../../ui/icons.tsx';
import { UiSettingsPanel } from '../components/ui-settings-panel.tsx';
import { SettingsCard } from '../components/settings-card.tsx';
import { AccountSection } from '../sections/account-section.tsx';
import { CreatorSection } from '../sections/creator-section.tsx';
import { NotificationsSection } from '../sections/notifications-section.tsx';
import { PrivacySection } from '../sections/privacy-section.tsx';
import { ProfileSection } from '../sections/profile-section.tsx';
import { SecuritySection } from '../sections/security-section.tsx';
import { PaymentsSection } from '../sections/payments-section.tsx';
import { DataPrivacySection } from '../../data-tools/data-privacy-section.tsx';
import { AccountStandingSection } from '../../community/components/account-standing-section.tsx';
import { TemplatesSection } from '../../creator-kit/templates-section.tsx';
import { AutomationSection } from '../../creator-kit/automation-section.tsx';
import { WidgetsSection } from '../../creator-kit/widgets-section.tsx';

function DisplaySection() {
  return (
    <SettingsCard
      title="Display"
      description="Theme, colours and accessibility. Saved on this device."
    >
      <UiSettingsPanel />
    </SettingsCard>
  );
}

interface SectionDef {
  id: string;
  label: string;
  description: string;
  icon: ComponentType<IconProps>;
  component: ComponentType;
}

export const SETTINGS_SECTIONS: SectionDef[] = [
  {
    id: 'profile',
    label: 'Profile',
    description: 'Name, photo, bio and links',
    icon: UserIcon,
    component: ProfileSection,
  },
  {
    id: 'notifications',
    label: 'Notifications',
    description: 'What we tell you about',
    icon: BellIcon,
    component: NotificationsSection,
  },
  {
    id: 'privacy',
    label: 'Privacy',
    description: 'Visibility, blocked and restricted',
    icon: LockIcon,
    component: PrivacySection,
  },
  {
    id: 'security',
    label: 'Security',
    description: 'Password, two-factor, sessions',
    icon: ShieldIcon,
    component: SecuritySection,
  },
  {
    id: 'payments',
    label: 'Payments',
    description: 'Cards, Pro pack, payout account',
    icon: WalletIcon,
    component: PaymentsSection,
  },
  {
    id: 'creator',
    label: 'Creator',
    description: 'Verification, price and payouts',
    icon: BadgeCheckIcon,
    component: CreatorSection,
  },
  {
    id: 'display',
    label: 'Display',
    description: 'Theme and accessibility',
    icon: PaletteIcon,
    component: DisplaySection,
  },
  {
    id: 'data',
    label: 'Data & privacy',
    description: 'Export, import, storage, deletion',
    icon: ServerIcon,
    component: DataPrivacySection,
  },
  {
    id: 'account',
    label: 'Account',
    description: 'Sign-in details, delete account',
    icon: AlertIcon,
    component: AccountSection,
  },
  {
    id: 'standing',
    label: 'Account standing',
    description: 'Warnings, removals and copyright',
    icon: ShieldIcon,
    component: AccountStandingSection,
  },
  {
    id: 'widgets',
    label: 'Profile widgets',
    description: 'Links, about, schedule, countdown',
    icon: UserIcon,
    component: WidgetsSection,
  },
  {
    id: 'templates',
    label: 'Templates',
    description: 'Saved message and post texts',
    icon: BadgeCheckIcon,
    component: TemplatesSection,
  },
  {
    id: 'automation',
    label: 'Automation',
    description: 'Welcome and thank-you messages',
    icon: BellIcon,
    component: AutomationSection,
  },
];

/** `fallback`: the section shown beside the list on laptops while none is chosen (phones show only the list). */
function SectionNav({ active, fallback }: { active: string | undefined; fallback: string }) {
  return (
    <nav aria-label="Settings sections">
      <ul className="flex flex-col gap-1">
        {SETTINGS_SECTIONS.map(({ id, label, description, icon: Icon }) => (
          <li key={id}>
            <Link
              to={`/settings/${id}`}
              aria-current={active === id ? 'page' : undefined}
              className={cn(
                'flex items-center gap-3 rounded-2xl px-3 py-3 transition-colors',
                active === id
                  ? 'bg-accent-soft text-accent-text'
                  : !active && fallback === id
                    ? 'text-fg hover:bg-surface-2 lg:bg-accent-soft lg:text-accent-text'
                    : 'text-fg hover:bg-surface-2',
              )}
            >
              <Icon size={20} className="shrink-0" />
              <span className="min-w-0">
                <span className="block text-sm font-semibold">{label}</span>
                <span className="block truncate text-xs text-muted lg:hidden xl:block">
                  {description}
                </span>
              </span>
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}

export function SettingsPage() {
  const { section } = useParams();
  const current = SETTINGS_SECTIONS.find((s) => s.id === section);
  useDocumentTitle(current ? `${current.label} settings` : 'Settings');
  const headingRef = useRef<HTMLHeadingElement>(null);

  // Moving between sections is a page change: put focus on the new heading for screen readers.
  useEffect(() => {
    if (section) headingRef.current?.focus();
  }, [section]);

  if (section && !current) return <Navigate to="/settings" replace />;
  // Laptops open the first section straight away; phones see the list first.
  const shown = current ?? SETTINGS_SECTIONS[0]!;
  const Section = shown.component;

  return (
    <div className="mx-auto w-full max-w-5xl">
      <div className={cn('mb-6', current && 'max-lg:sr-only')}>
        <h1 className="font-display text-2xl font-extrabold tracking-tight text-fg sm:text-3xl">
          Settings
        </h1>
      </div>
      <div className="lg:grid lg:grid-cols-[15rem_minmax(0,1fr)] lg:gap-8">
        <div className={cn(current && 'max-lg:hidden')}>
          <div className="lg:sticky lg:top-24">
            <SectionNav active={current?.id} fallback={shown.id} />
          </div>
        </div>
        <div className={cn('min-w-0', !current && 'max-lg:hidden')}>
          <div className="mb-5 flex items-center gap-2">
            <Link
              to="/settings"
              aria-label="Back to settings"
              className="-ml-2 flex h-10 w-10 items-center justify-center rounded-full text-muted hover:bg-surface-2 hover:text-fg lg:hidden"
            >
              <ArrowLeftIcon size={20} />
            </Link>
            <h2
              ref={headingRef}
              tabIndex={-1}
              className="font-display text-xl font-bold tracking-tight text-fg outline-none sm:text-2xl"
            >
              {shown.label}
            </h2>
          </div>
          <div className="flex flex-col gap-5">
            <Section />
          </div>
        </div>
      </div>
    </div>
  );
}
