/** Settings → Security: password, two-factor authentication and sessions. */
import { ChangePasswordForm } from '../components/change-password-form.tsx';
import { SessionsList } from '../components/sessions-list.tsx';
import { SettingsCard } from '../components/settings-card.tsx';
import { TwoFactorSettings } from '../components/two-factor-settings.tsx';

export function SecuritySection() {
  return (
    <>
      <SettingsCard
        title="Two-factor authentication"
        description="Ask for a code from your phone on every new login."
      >
        <TwoFactorSettings />
      </SettingsCard>
      <SettingsCard title="Password" description="Changing it signs you out everywhere else.">
        <ChangePasswordForm />
      </SettingsCard>
      <SettingsCard
        title="Where you are logged in"
        description="Revoke any session you do not recognise, then change your password."
      >
        <SessionsList />
      </SettingsCard>
    </>
  );
}
