import { Link } from 'react-router';
import { useDocumentTitle } from '../../../lib/use-document-title.ts';
import { LegalLayout, type LegalSection } from '../components/legal-layout.tsx';

const SECTIONS: LegalSection[] = [
  {
    heading: '1. Who can use Fanspace',
    body: (
      <>
        <p>
          You must be at least 18 years old (or the age of majority where you live, if higher) and
          able to form a binding contract. By creating an account you confirm that you are.
        </p>
        <p>
          Anyone can join as a fan. To publish content, sell anything or receive money you must
          become a creator, which requires verifying your identity with a government ID and a
          selfie. Until an account is approved it cannot post.
        </p>
      </>
    ),
  },
  {
    heading: '2. Your account and its security',
    body: (
      <>
        <p>
          Give accurate information, keep your password to yourself and turn on two-factor
          authentication. You are responsible for everything that happens under your account. Tell
          us right away if you think someone else has access to it; you can sign out every other
          session from Settings → Security.
        </p>
        <p>
          Usernames must not impersonate another person or brand. We may reclaim a username that
          breaks these terms or that a trademark owner can show is theirs.
        </p>
      </>
    ),
  },
  {
    heading: '3. Content you post',
    body: (
      <>
        <p>
          You keep ownership of what you post. You give the operator of this service a
          non-exclusive, worldwide licence to store, copy, resize and show your content to the
          audience you choose (everyone, followers, subscribers or buyers), only for running the
          service. The licence ends when you delete the content or your account, except for copies
          others have already bought access to and backups kept for a limited time.
        </p>
        <p>
          You must own or have permission to use everything you post. Everyone who appears in your
          content must be an adult who has consented to being recorded and to the content being
          published, and you must keep a signed model release for each of them, which we may ask to
          see.
        </p>
      </>
    ),
  },
  {
    heading: '4. What is not allowed',
    body: (
      <ul className="list-disc pl-5">
        <li>Any content involving minors, or that sexualises anyone who appears to be a minor.</li>
        <li>Content shared without the consent of the people in it, including intimate images.</li>
        <li>Violence, threats, harassment, hate speech or encouragement of self-harm.</li>
        <li>Illegal goods or services, scams, spam, or misleading offers.</li>
        <li>Content that infringes someone else’s copyright, trademark or privacy.</li>
        <li>
          Attempts to break, overload or probe the service, or to collect data about other users
          without their consent.
        </li>
        <li>Taking payments for content outside the platform to avoid its rules or fees.</li>
      </ul>
    ),
  },
  {
    heading: '5. Subscriptions, purchases and tips',
    body: (
      <>
        <p>
          Creators set their own prices. A subscription gives access to a creator’s subscriber-only
          content for 30 days and renews automatically until you cancel it; you keep access until
          the end of the period you paid for. Unlocked posts and messages stay available to you for
          as long as the creator’s account and the content exist.
        </p>
        <p>
          Payments are processed by our payment provider. Tips, unlocks and subscription periods
          that have started are final, except where the law gives you a right to a refund or the
          content was not delivered as described. Chargebacks filed in bad faith may lead to the
          account being closed.
        </p>
      </>
    ),
  },
  {
    heading: '6. Creator earnings and payouts',
    body: (
      <>
        <p>
          The platform keeps a service fee from each payment, shown to you before you set a price.
          Your share becomes available after a holding period that protects against refunds and
          fraud, and is paid to the bank account you set in Settings → Creator.
        </p>
        <p>
          You are responsible for the taxes on your earnings. We may hold payouts while we
          investigate fraud, a chargeback or a breach of these terms, and will tell you why.
        </p>
      </>
    ),
  },
  {
    heading: '7. Reports, moderation and copyright',
    body: (
      <>
        <p>
          Anyone can report a post, message or account. Our moderators review reports and may remove
          content, restrict features or suspend accounts. Content involving minors or shared without
          consent is removed and reported to the authorities.
        </p>
        <p>
          If you believe content infringes your copyright, send a notice with the content’s address,
          proof that you own the work and your contact details. The person who posted it can send a
          counter-notice. Repeat infringers lose their account.
        </p>
      </>
    ),
  },
  {
    heading: '8. Ending your account',
    body: (
      <p>
        You can delete your account at any time from Settings → Account. Your profile and personal
        data are removed; records we must keep by law (such as payment records) are kept only as
        long as required. We may suspend or close accounts that break these terms; if we do,
        creators receive the earnings that are not subject to a dispute.
      </p>
    ),
  },
  {
    heading: '9. Disclaimers and liability',
    body: (
      <p>
        The service is provided as it is. We work to keep it available and secure but cannot promise
        it will always be free of errors or interruptions. To the extent the law allows, the
        operator is not liable for indirect losses, and its total liability to you is limited to the
        amount you paid through the service in the last twelve months. Nothing in these terms limits
        rights you have as a consumer that cannot be limited by contract.
      </p>
    ),
  },
  {
    heading: '10. Changes and contact',
    body: (
      <p>
        We may update these terms. For important changes we will notify you in the app at least 30
        days before they apply; continuing to use the service after that means you accept them.
        Questions about these terms, or about how your data is handled (see the{' '}
        <Link to="/privacy" className="font-medium text-accent-text underline">
          Privacy Policy
        </Link>
        ), can be sent through the{' '}
        <Link to="/contact" className="font-medium text-accent-text underline">
          contact form
        </Link>{' '}
        or, once you are signed in, the{' '}
        <Link to="/support" className="font-medium text-accent-text underline">
          support desk
        </Link>
        .
      </p>
    ),
  },
];

export function TermsPage() {
  useDocumentTitle('Terms of Service');
  return (
    <LegalLayout
      title="Terms of Service"
      updated="Default text shipped with Fanspace. Operators: review it with a lawyer before launch."
      intro={
        <p>
          These terms are the agreement between you and the operator of this Fanspace service. They
          explain who may use it, what you may post, how payments work and what happens when
          something goes wrong. Fanspace is open-source software: each operator publishes its own
          terms, and this text is the default they start from.
        </p>
      }
      sections={SECTIONS}
    />
  );
}
