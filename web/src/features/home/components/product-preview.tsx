/**
 * An illustration of the product for the landing page, drawn with CSS (no stock images).
 * The names and numbers in it are an example, so it is hidden from assistive technology.
 */
import { Avatar } from '../../../ui/avatar.tsx';
import { BadgeCheckIcon, CoinsIcon, HeartIcon, LockIcon, MessageIcon } from '../../../ui/icons.tsx';

export function ProductPreview() {
  return (
    <div aria-hidden="true" className="relative mx-auto w-full max-w-md select-none lg:max-w-none">
      <div className="rounded-[2rem] border border-line bg-surface p-3 shadow-[0_30px_80px_-30px_var(--fs-accent)]">
        <div className="h-28 rounded-[1.5rem] bg-[linear-gradient(120deg,var(--fs-accent),var(--fs-accent-2))] opacity-90 sm:h-32" />
        <div className="relative -mt-10 flex items-end justify-between gap-3 px-4">
          <Avatar name="Mara Quinn" size={76} className="ring-4 ring-surface" />
          <span className="mb-1 rounded-full bg-accent-solid px-4 py-1.5 text-xs font-semibold text-white">
            Subscribe · $9.99
          </span>
        </div>
        <div className="px-4 pt-2">
          <p className="flex items-center gap-1 font-bold text-fg">
            Mara Quinn <BadgeCheckIcon size={17} className="text-accent-text" />
          </p>
          <p className="text-sm text-muted">@maraquinn · illustrator</p>
        </div>
        <div className="mt-4 grid grid-cols-3 gap-2 px-1">
          <div className="aspect-square rounded-2xl bg-[linear-gradient(160deg,#f59e0b,#ec4899)]" />
          <div className="relative aspect-square overflow-hidden rounded-2xl bg-[linear-gradient(160deg,#6366f1,#14b8a6)]">
            <div className="absolute inset-0 flex flex-col items-center justify-center gap-1 bg-black/35 backdrop-blur-md">
              <LockIcon size={20} className="text-white" />
              <span className="text-[0.7rem] font-bold text-white">$4.99</span>
            </div>
          </div>
          <div className="aspect-square rounded-2xl bg-[linear-gradient(160deg,#8b5cf6,#0ea5e9)]" />
        </div>
        <div className="mt-3 flex items-center gap-5 px-3 pb-2 text-sm text-muted">
          <span className="flex items-center gap-1.5">
            <HeartIcon size={16} /> 1.2k
          </span>
          <span className="flex items-center gap-1.5">
            <MessageIcon size={16} /> 86
          </span>
        </div>
      </div>

      <div className="absolute -right-2 -bottom-7 flex items-center gap-3 rounded-2xl border border-line bg-surface-2 px-4 py-3 shadow-xl sm:-right-6">
        <span className="flex h-9 w-9 items-center justify-center rounded-full bg-accent-soft text-accent-text">
          <CoinsIcon size={18} />
        </span>
        <div>
          <p className="text-sm font-semibold text-fg">Sam sent a $10 tip</p>
          <p className="text-xs text-muted">“Loved the new series!”</p>
        </div>
      </div>
      <div className="absolute -top-5 -right-1 hidden rounded-2xl rounded-br-md bg-accent-solid px-4 py-2.5 text-sm font-medium text-white shadow-xl sm:block lg:-right-6">
        Thank you so much! ✦
      </div>
    </div>
  );
}
