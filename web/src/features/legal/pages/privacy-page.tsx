import { Link } from 'react-router';
import { useDocumentTitle } from '../../../lib/use-document-title.ts';
import { LegalLayout, type LegalSection } from '../components/legal-layout.tsx';

const SECTIONS: LegalSection[] = [
  {
    heading: 'Who is responsible',
    body: (
      <p>
        The operator of this Fanspace service decides how your personal data is used and is
        responsible for it. Fanspace itself is open-source software; the people who wrote it do not
        receive your data.
      </p>
    ),
  },
  {
    heading: 'What we collect',
    body: (
      <ul className="list-disc pl-5">
        <li>
          <strong className="text-fg">Account details</strong>: username, email, an optional phone
          number, your password (stored only as a salted hash) and two-factor settings.
        </li>
        <li>
          <strong className="text-fg">Profile</strong>: display name, bio, photo, banner and the
          links you add. These are public.
        </li>
        <li>
          <strong className="text-fg">What you create</strong>: posts, comments, messages and media,
          and who may see them.
        </li>
        <li>
          <strong className="text-fg">Relations</strong>: who you follow, subscribe to, block or
          restrict.
        </li>
        <li>
          <strong className="text-fg">Payments</strong>: purchases, tips, subscriptions and, for
          creators, payout bank details (encrypted; only the last four characters are ever shown).
          Card numbers are handled by the payment provider and never reach our servers.
        </li>
        <li>
          <strong className="text-fg">Identity verification</strong> (creators only): photos of an
          ID document and a selfie holding it.
        </li>
        <li>
          <strong className="text-fg">Security data</strong>: for each session, the device type, IP
          address and when it was last used; failed login attempts.
        </li>
      </ul>
    ),
  },
  {
    heading: 'How we use it, and why',
    body: (
      <>
        <p>
          To provide the service you signed up for (your account, content, messages and payments);
          to keep it secure (sign-in protection, fraud and abuse prevention); to meet legal duties
          (age and identity checks for creators, tax and payment records, reports to authorities
          where the law requires); and, if you allow it in Settings → Notifications, to tell you
          about activity on your account.
        </p>
        <p>We do not sell your personal data and we do not show third-party advertising.</p>
      </>
    ),
  },
  {
    heading: 'Identity documents',
    body: (
      <p>
        Verification photos are stored privately, separately from public media, and only authorised
        reviewers can open them. They are used to confirm that a creator is an adult and who they
        say they are, and nothing else. They are deleted when you delete your account, apart from
        what the law requires us to keep.
      </p>
    ),
  },
  {
    heading: 'Who we share it with',
    body: (
      <>
        <p>
          Only with service providers that help run the platform, under contracts that limit what
          they may do: the payment provider, email and text-message delivery, and file storage.
          Other users see what you make public or share with them.
        </p>
        <p>
          We disclose data to authorities when the law requires it, and report content involving the
          abuse of minors.
        </p>
      </>
    ),
  },
  {
    heading: 'Cookies and data on your device',
    body: (
      <>
        <p>We use a small number of strictly necessary cookies, and no tracking cookies:</p>
        <ul className="list-disc pl-5">
          <li>a session cookie that keeps you signed in (HttpOnly, not readable by scripts);</li>
          <li>XSRF-TOKEN, which protects your account from cross-site request forgery;</li>
          <li>beta_access, remembered for one year once you enter a beta code.</li>
        </ul>
        <p>
          The app also keeps your session and a few preferences (such as the theme) in your
          browser’s storage, encrypted. Logging out removes the session; deleting your account
          removes everything the app stored for it.
        </p>
      </>
    ),
  },
  {
    heading: 'How long we keep it',
    body: (
      <p>
        For as long as your account exists. After you delete it, your profile and personal data are
        removed straight away and disappear from backups as those are replaced; payment and tax
        records are kept for the period the law requires, and security logs only as long as needed
        to protect the service.
      </p>
    ),
  },
  {
    heading: 'Your rights and choices',
    body: (
      <>
        <p>
          You can see and correct your data in Settings, download a copy of it, change who can find
          and message you, and delete your account at any time from Settings → Account. Depending on
          where you live you may also object to some uses, ask us to restrict them, or complain to a
          data protection authority.
        </p>
        <p>
          Fanspace is for adults only. We do not knowingly collect data from anyone under 18 and
          close any account we find belongs to a minor.
        </p>
      </>
    ),
  },
  {
    heading: 'Security',
    body: (
      <p>
        Passwords are hashed, sensitive details are encrypted, connections use HTTPS and every
        sign-in can be protected with two-factor authentication. No system is perfect: if we learn
        of a breach that affects you, we will tell you and the authorities as the law requires.
      </p>
    ),
  },
  {
    heading: 'Changes and contact',
    body: (
      <p>
        We will announce important changes to this policy in the app before they apply. For any
        question or request about your data, contact the operator through the{' '}
        <Link to="/contact" className="font-medium text-accent-text underline">
          contact form
        </Link>{' '}
        or, signed in, the{' '}
        <Link to="/support" className="font-medium text-accent-text underline">
          support desk
        </Link>
        . See also the{' '}
        <Link to="/terms" className="font-medium text-accent-text underline">
          Terms of Service
        </Link>
        .
      </p>
    ),
  },
];

export function PrivacyPage() {
  useDocumentTitle('Privacy Policy');
  return (
    <LegalLayout
      title="Privacy Policy"
      updated="Default text shipped with Fanspace. Operators: review it with a lawyer before launch."
      intro={
        <p>
          This policy explains what personal data this Fanspace service handles, why, who sees it,
          how long it is kept and what control you have over it.
        </p>
      }
      sections={SECTIONS}
    />
  );
}
