import type { ReactNode } from 'react';
import { useDocumentTitle } from '../../../lib/use-document-title.ts';
import { Button } from '../../../ui/button.tsx';
import { Card } from '../../../ui/card.tsx';
import {
  DownloadIcon,
  LockIcon,
  LogOutIcon,
  PaletteIcon,
  ShieldIcon,
  UserIcon,
} from '../../../ui/icons.tsx';
import { Page } from '../../../ui/page.tsx';
import { useAuthStore } from '../../auth/store.ts';
import { UiSettingsPanel } from '../components/ui-settings-panel.tsx';

function Section({
  id,
  icon,
  title,
  description,
  children,
}: {
  id: string;
  icon: ReactNode;
  title: string;
  description: string;
  children: ReactNode;
}) {
  return (
    <Card className="p-5 sm:p-6" aria-labelledby={id} role="region">
      <div className="mb-5 flex items-start gap-3">
        <span className="flex h-10 w-10 shrink-0 items-center justify-center rounded-xl bg-accent-soft text-accent-text">
          {icon}
        </span>
        <div>
          <h2 id={id} className="font-semibold text-fg">
            {title}
          </h2>
          <p className="text-sm text-muted">{description}</p>
        </div>
      </div>
      {children}
    </Card>
  );
}

function Row({ label, value }: { label: string; value: ReactNode }) {
  return (
    <div className="flex items-center justify-between gap-4 border-t border-line py-3 first:border-t-0 first:pt-0">
      <dt className="text-sm text-muted">{label}</dt>
      <dd className="truncate text-sm font-medium text-fg">{value}</dd>
    </div>
  );
}

const SOON = <span className="text-subtle">Coming soon</span>;

export function SettingsPage() {
  useDocumentTitle('Settings');
  const user = useAuthStore((s) => s.user);
  const logout = useAuthStore((s) => s.logout);

  return (
    <Page title="Settings" width="narrow">
      <div className="flex flex-col gap-5">
        <Section
          id="settings-account"
          icon={<UserIcon size={20} />}
          title="Account"
          description="How you sign in and appear."
        >
          <dl>
            <Row label="Username" value={user?.username ? `@${user.username}` : '—'} />
            <Row label="Email" value={user?.email ?? '—'} />
            <Row label="Profile details" value={SOON} />
          </dl>
        </Section>

        <Section
          id="settings-display"
          icon={<PaletteIcon size={20} />}
          title="Display"
          description="Theme, colours and accessibility. Saved on this device."
        >
          <UiSettingsPanel />
        </Section>

        <Section
          id="settings-security"
          icon={<ShieldIcon size={20} />}
          title="Security"
          description="Protect your account."
        >
          <dl>
            <Row label="Password" value={SOON} />
            <Row label="Two-factor authentication" value={SOON} />
            <Row label="Active sessions" value={SOON} />
          </dl>
        </Section>

        <Section
          id="settings-privacy"
          icon={<LockIcon size={20} />}
          title="Privacy and data"
          description="Control who sees what and take your data with you."
        >
          <dl>
            <Row label="Blocked and restricted accounts" value={SOON} />
            <Row
              label="Export your data"
              value={
                <span className="inline-flex items-center gap-1.5 text-subtle">
                  <DownloadIcon size={15} /> Coming soon
                </span>
              }
            />
          </dl>
        </Section>

        <Button
          variant="outline"
          icon={<LogOutIcon size={18} />}
          onClick={() => void logout('user')}
          className="self-start"
        >
          Log out
        </Button>
      </div>
    </Page>
  );
}
