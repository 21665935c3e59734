import { useNavigate } from 'react-router';
import { Button } from '../../../ui/button.tsx';
import { Dialog } from '../../../ui/dialog.tsx';
import {
  BadgeCheckIcon,
  ClockIcon,
  ImageIcon,
  LockIcon,
  SparklesIcon,
} from '../../../ui/icons/frame-icons.tsx';
import { useCreatorGate } from '../creator-gate.ts';

const PERKS = [
  { icon: ImageIcon, text: 'Post photos, videos and stories' },
  { icon: LockIcon, text: 'Offer subscriptions and paid posts' },
  { icon: SparklesIcon, text: 'Receive tips and get paid out' },
];

/** showBecomeCreatorModal (spec §2): opened by the creator gate, leads to identity verification. */
export function BecomeCreatorModal() {
  const open = useCreatorGate((s) => s.open);
  const close = useCreatorGate((s) => s.close);
  const navigate = useNavigate();

  function goToVerification(): void {
    close();
    navigate('/settings/creator');
  }

  if (open === 'pending') {
    return (
      <Dialog
        open
        onClose={close}
        title="Verification pending"
        description="Your identity verification is being reviewed. You can post as soon as it is approved – usually within a day."
        footer={
          <>
            <Button variant="ghost" onClick={close}>
              Close
            </Button>
            <Button onClick={goToVerification} icon={<ClockIcon size={16} />}>
              Check status
            </Button>
          </>
        }
      />
    );
  }

  return (
    <Dialog
      open={open === 'become'}
      onClose={close}
      title="Become a creator"
      description="Only creators can post. Verify your identity once to start publishing and earning."
      footer={
        <>
          <Button variant="ghost" onClick={close}>
            Not now
          </Button>
          <Button onClick={goToVerification} icon={<BadgeCheckIcon size={16} />}>
            Verify my identity
          </Button>
        </>
      }
    >
      <ul className="flex flex-col gap-3">
        {PERKS.map(({ icon: Icon, text }) => (
          <li key={text} className="flex items-center gap-3 text-sm text-fg">
            <span className="flex h-9 w-9 shrink-0 items-center justify-center rounded-xl bg-accent-soft text-accent-text">
              <Icon size={18} />
            </span>
            {text}
          </li>
        ))}
      </ul>
    </Dialog>
  );
}
