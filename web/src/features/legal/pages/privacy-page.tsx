import { useDocumentTitle } from '../../../lib/use-document-title.ts';
import { LegalLayout, type LegalSection } from '../components/legal-layout.tsx';

const SECTIONS: LegalSection[] = [
  {
    heading: 'What we collect',
    body: (
      <p>
        Your account details (username, email, password hash), the content and messages you create,
        payment records, and basic technical data such as your IP address and device, used to keep
        the service secure.
      </p>
    ),
  },
  {
    heading: 'How we use it',
    body: (
      <p>
        To run the service, process payments, prevent fraud and abuse, meet legal duties and, if you
        allow it, send you notifications. We do not sell your personal data.
      </p>
    ),
  },
  {
    heading: 'Identity verification',
    body: (
      <p>
        Creators send identity documents so we can confirm they are adults. These are stored
        separately, visible only to authorised staff, and kept only as long as the law requires.
      </p>
    ),
  },
  {
    heading: 'Your choices',
    body: (
      <p>
        From Settings you can download your personal data, export your content, change your privacy
        options and request deletion of your account.
      </p>
    ),
  },
  {
    heading: 'Data on this device',
    body: (
      <p>
        The app keeps a few preferences and your session in your browser's storage, encrypted.
        Logging out removes your session from this device.
      </p>
    ),
  },
];

export function PrivacyPage() {
  useDocumentTitle('Privacy Policy');
  return (
    <LegalLayout
      title="Privacy Policy"
      updated="Default text shipped with Fanspace. Operators: review it before launch."
      intro={
        <p>
          This policy explains what personal data this Fanspace service handles, why, and what
          control you have over it.
        </p>
      }
      sections={SECTIONS}
    />
  );
}
