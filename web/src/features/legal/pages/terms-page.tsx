import { useDocumentTitle } from '../../../lib/use-document-title.ts';
import { LegalLayout, type LegalSection } from '../components/legal-layout.tsx';

const SECTIONS: LegalSection[] = [
  {
    heading: '1. Who can use Fanspace',
    body: (
      <p>
        You must be at least 18 years old and able to form a binding contract. Creators must verify
        their identity before they can post or receive payments.
      </p>
    ),
  },
  {
    heading: '2. Your account',
    body: (
      <p>
        Keep your password safe and turn on two-factor authentication. You are responsible for what
        happens under your account. Tell us right away if you think someone else has access to it.
      </p>
    ),
  },
  {
    heading: '3. Content',
    body: (
      <>
        <p>
          Creators keep ownership of what they post and give the platform the licence it needs to
          store and show that content to the people they choose.
        </p>
        <p>
          Everyone who appears in content must be an adult who has consented, with a model release
          on file. Illegal content, content involving minors and content shared without consent are
          removed and reported.
        </p>
      </>
    ),
  },
  {
    heading: '4. Payments',
    body: (
      <p>
        Subscriptions renew every 30 days until cancelled. Tips and unlocks are final except where
        the law says otherwise. The platform keeps a fee from each payment; creator earnings become
        available after a holding period and can then be paid out.
      </p>
    ),
  },
  {
    heading: '5. Ending your account',
    body: (
      <p>
        You can delete your account at any time from Settings. We may suspend or close accounts that
        break these terms.
      </p>
    ),
  },
];

export function TermsPage() {
  useDocumentTitle('Terms of Service');
  return (
    <LegalLayout
      title="Terms of Service"
      updated="Default text shipped with Fanspace. Operators: review it before launch."
      intro={
        <p>
          These terms describe the rules for using this Fanspace service. Fanspace is open-source
          software: each operator that runs it publishes its own terms, and this text is the default
          they start from.
        </p>
      }
      sections={SECTIONS}
    />
  );
}
