/** The visitor's home page: what Fanspace is, and the way in (sign up / log in). */
import { CommunityFooterLinks } from '../../community/components/public-layout.tsx';
import { Link } from 'react-router';
import { useDocumentTitle } from '../../../lib/use-document-title.ts';
import { ButtonLink } from '../../../ui/button.tsx';
import {
  ArrowRightIcon,
  ChartIcon,
  CoinsIcon,
  DownloadIcon,
  HeartIcon,
  LockIcon,
  MessageIcon,
  ServerIcon,
  ShieldIcon,
  SparklesIcon,
  UsersIcon,
} from '../../../ui/icons.tsx';
import { Logo } from '../../../ui/logo.tsx';
import { SkipLink } from '../../../ui/skip-link.tsx';
import { ProductPreview } from '../components/product-preview.tsx';
import { WaitlistForm } from '../components/waitlist-form.tsx';

const FEATURES = [
  {
    icon: LockIcon,
    title: 'Subscriptions and locked posts',
    text: 'Offer a free follow or a monthly subscription, and lock individual photos and videos behind a one-time price.',
  },
  {
    icon: MessageIcon,
    title: 'Messages that pay',
    text: 'Chat one-to-one with fans, send unlockable media, answer content requests and receive tips right in the conversation.',
  },
  {
    icon: CoinsIcon,
    title: 'Tips, wishlists and payouts',
    text: 'Fans can tip, fund wishlist goals and unlock content. Earnings clear after 7 days and pay out to your account.',
  },
  {
    icon: ChartIcon,
    title: 'Know your audience',
    text: 'See views, likes, subscribers and earnings over time, and which posts bring people back.',
  },
  {
    icon: ShieldIcon,
    title: 'Safety built in',
    text: 'Identity verification for creators, two-factor sign-in, blocking and restricting, reports and a full moderation desk.',
  },
  {
    icon: DownloadIcon,
    title: 'Your data stays yours',
    text: 'Export your content and history at any time. Nothing is locked into someone else’s platform.',
  },
];

const FAN_STEPS = [
  {
    icon: HeartIcon,
    title: 'Follow for free',
    text: 'Find creators you like and see their public posts in your feed.',
  },
  {
    icon: SparklesIcon,
    title: 'Subscribe',
    text: 'Get everything they share with subscribers, renewed every 30 days.',
  },
  {
    icon: MessageIcon,
    title: 'Unlock and chat',
    text: 'Unlock special posts, send tips and talk to them directly.',
  },
];

export function LandingPage() {
  useDocumentTitle(null);
  return (
    <div className="min-h-dvh overflow-x-clip bg-canvas">
      <SkipLink />
      <header className="sticky top-0 z-40 border-b border-line/60 bg-canvas/80 backdrop-blur-lg">
        <div className="mx-auto flex h-16 max-w-6xl items-center justify-between gap-4 px-4 sm:px-6">
          <Link to="/" aria-label="Fanspace home" className="flex rounded-xl">
            <Logo />
          </Link>
          <nav aria-label="Account" className="flex items-center gap-2">
            <ButtonLink to="/login" variant="ghost" size="sm">
              Log in
            </ButtonLink>
            <ButtonLink to="/signup" size="sm">
              Sign up
            </ButtonLink>
          </nav>
        </div>
      </header>

      <main id="main-content" tabIndex={-1} className="outline-none">
        <section className="relative">
          <div
            aria-hidden="true"
            className="pointer-events-none absolute inset-x-0 -top-24 h-[640px] bg-[radial-gradient(60%_50%_at_20%_20%,var(--fs-accent-soft),transparent_70%),radial-gradient(50%_40%_at_85%_30%,rgb(236_72_153/0.12),transparent_70%)]"
          />
          <div className="relative mx-auto grid max-w-6xl items-center gap-12 px-4 pt-12 pb-16 sm:px-6 lg:grid-cols-[1.1fr_1fr] lg:pt-20 lg:pb-24">
            <div>
              <p className="inline-flex items-center gap-2 rounded-full border border-line bg-surface/70 px-3 py-1 text-xs font-semibold text-muted">
                <span className="h-1.5 w-1.5 rounded-full bg-accent" />
                Open source · Self-hostable
              </p>
              <h1 className="font-display mt-5 text-[2.6rem] leading-[1.05] font-extrabold tracking-tight text-balance text-fg sm:text-6xl">
                Your content. Your fans.{' '}
                <span className="bg-[linear-gradient(90deg,var(--fs-accent),var(--fs-accent-2))] bg-clip-text text-transparent">
                  Your platform.
                </span>
              </h1>
              <p className="mt-6 max-w-xl text-lg leading-relaxed text-muted">
                Fanspace is where creators share free and paid posts, run subscriptions, chat with
                their fans and get paid – on a platform anyone can run on their own server.
              </p>
              <div className="mt-8 flex flex-col gap-3 sm:flex-row">
                <ButtonLink to="/signup" size="lg">
                  Create your account
                  <ArrowRightIcon size={18} />
                </ButtonLink>
                <ButtonLink to="/login" size="lg" variant="outline">
                  Log in
                </ButtonLink>
              </div>
              <p className="mt-4 text-sm text-subtle">Free to join. You must be 18 or older.</p>
            </div>
            <ProductPreview />
          </div>
        </section>

        <section
          aria-labelledby="creators-heading"
          className="border-t border-line/60 bg-surface/40"
        >
          <div className="mx-auto max-w-6xl px-4 py-16 sm:px-6 lg:py-24">
            <p className="text-sm font-semibold text-accent-text">For creators</p>
            <h2
              id="creators-heading"
              className="font-display mt-2 max-w-2xl text-3xl font-extrabold tracking-tight text-fg sm:text-4xl"
            >
              Everything you need to earn from what you make
            </h2>
            <ul className="mt-10 grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
              {FEATURES.map(({ icon: Icon, title, text }) => (
                <li key={title} className="rounded-3xl border border-line bg-surface p-6">
                  <div className="flex h-11 w-11 items-center justify-center rounded-2xl bg-accent-soft text-accent-text">
                    <Icon size={22} />
                  </div>
                  <h3 className="mt-4 font-semibold text-fg">{title}</h3>
                  <p className="mt-2 text-sm leading-relaxed text-muted">{text}</p>
                </li>
              ))}
            </ul>
          </div>
        </section>

        <section aria-labelledby="fans-heading">
          <div className="mx-auto max-w-6xl px-4 py-16 sm:px-6 lg:py-24">
            <p className="text-sm font-semibold text-accent-text">For fans</p>
            <h2
              id="fans-heading"
              className="font-display mt-2 text-3xl font-extrabold tracking-tight text-fg sm:text-4xl"
            >
              Get closer to the people you follow
            </h2>
            <ol className="mt-10 grid gap-6 md:grid-cols-3">
              {FAN_STEPS.map(({ icon: Icon, title, text }, index) => (
                <li key={title} className="flex gap-4">
                  <span className="flex h-11 w-11 shrink-0 items-center justify-center rounded-full border border-line bg-surface text-accent-text">
                    <Icon size={20} />
                  </span>
                  <div>
                    <h3 className="font-semibold text-fg">
                      <span className="text-subtle">{index + 1}. </span>
                      {title}
                    </h3>
                    <p className="mt-1 text-sm leading-relaxed text-muted">{text}</p>
                  </div>
                </li>
              ))}
            </ol>
          </div>
        </section>

        <section aria-labelledby="host-heading" className="border-y border-line/60 bg-surface/40">
          <div className="mx-auto grid max-w-6xl items-center gap-10 px-4 py-16 sm:px-6 lg:grid-cols-2 lg:py-24">
            <div>
              <p className="text-sm font-semibold text-accent-text">Run your own</p>
              <h2
                id="host-heading"
                className="font-display mt-2 text-3xl font-extrabold tracking-tight text-fg sm:text-4xl"
              >
                One command to start your own platform
              </h2>
              <p className="mt-4 leading-relaxed text-muted">
                Fanspace runs on a single server with its embedded database, or scales out on
                PostgreSQL, Redis and S3-compatible storage. Card payments go through Stripe; a test
                provider lets you try everything first.
              </p>
            </div>
            <div className="rounded-3xl border border-line bg-canvas p-5 font-mono text-sm shadow-xl">
              <div className="mb-4 flex gap-1.5" aria-hidden="true">
                <span className="h-3 w-3 rounded-full bg-surface-3" />
                <span className="h-3 w-3 rounded-full bg-surface-3" />
                <span className="h-3 w-3 rounded-full bg-surface-3" />
              </div>
              <p className="text-subtle"># install and start</p>
              <p className="text-fg">
                <span className="text-accent-text">$</span> npm install
              </p>
              <p className="text-fg">
                <span className="text-accent-text">$</span> npm start
              </p>
              <p className="mt-3 flex items-center gap-2 text-success">
                <ServerIcon size={16} /> Listening on http://localhost:3000
              </p>
            </div>
          </div>
        </section>

        <section className="mx-auto max-w-6xl px-4 py-16 sm:px-6 lg:py-24">
          <div className="relative overflow-hidden rounded-[2rem] border border-line bg-surface px-6 py-12 text-center sm:px-12">
            <div
              aria-hidden="true"
              className="absolute inset-0 bg-[radial-gradient(60%_80%_at_50%_0%,var(--fs-accent-soft),transparent_70%)]"
            />
            <div className="relative">
              <UsersIcon size={28} className="mx-auto text-accent-text" />
              <h2 className="font-display mt-4 text-3xl font-extrabold tracking-tight text-fg sm:text-4xl">
                Start building your fan community
              </h2>
              <p className="mx-auto mt-3 max-w-lg text-muted">
                Join as a fan in a minute. Become a creator whenever you are ready.
              </p>
              <div className="mt-8 flex flex-col justify-center gap-3 sm:flex-row">
                <ButtonLink to="/signup" size="lg">
                  Sign up free
                </ButtonLink>
                <ButtonLink to="/login" size="lg" variant="secondary">
                  I already have an account
                </ButtonLink>
              </div>
            </div>
          </div>
        </section>

        <section
          aria-labelledby="waitlist-heading"
          className="mx-auto max-w-6xl px-4 pb-20 sm:px-6"
        >
          <div className="rounded-[2rem] border border-line bg-surface/60 px-6 py-10 text-center sm:px-12">
            <h2
              id="waitlist-heading"
              className="font-display text-2xl font-extrabold tracking-tight text-fg sm:text-3xl"
            >
              Waiting for an invitation?
            </h2>
            <p className="mx-auto mt-2 mb-8 max-w-lg text-muted">
              While we are in beta, new accounts may need an invitation code. Join the waitlist and
              we will send you one.
            </p>
            <WaitlistForm />
          </div>
        </section>
      </main>

      <footer className="border-t border-line">
        <div className="mx-auto flex max-w-6xl flex-col items-center justify-between gap-4 px-4 py-8 text-sm text-subtle sm:flex-row sm:px-6">
          <Logo />
          <nav aria-label="Legal" className="flex flex-wrap justify-center gap-x-5 gap-y-2">
            <Link to="/terms" className="hover:text-fg">
              Terms
            </Link>
            <Link to="/privacy" className="hover:text-fg">
              Privacy
            </Link>
            <Link to="/login" className="hover:text-fg">
              Log in
            </Link>
            <CommunityFooterLinks />
          </nav>
          <p>© {new Date().getFullYear()} Fanspace contributors</p>
        </div>
      </footer>
    </div>
  );
}
