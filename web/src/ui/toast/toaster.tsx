/**
 * Renders the toast stack. Two live regions: errors are assertive (role=alert) so they
 * interrupt, everything else is polite.
 */
import { cn } from '../cn.ts';
import {
  AlertIcon,
  CheckCircleIcon,
  CloseIcon,
  ErrorCircleIcon,
  InfoIcon,
} from '../icons/frame-icons.tsx';
import { useToastStore, type Toast, type ToastType } from './toast-store.ts';

const tone: Record<ToastType, { icon: typeof InfoIcon; className: string; label: string }> = {
  success: { icon: CheckCircleIcon, className: 'text-success', label: 'Success' },
  error: { icon: ErrorCircleIcon, className: 'text-danger', label: 'Error' },
  warning: { icon: AlertIcon, className: 'text-warning', label: 'Warning' },
  info: { icon: InfoIcon, className: 'text-info', label: 'Info' },
};

function ToastCard({ toast, onDismiss }: { toast: Toast; onDismiss: () => void }) {
  const { icon: Icon, className, label } = tone[toast.type];
  return (
    <div
      className="animate-toast-in pointer-events-auto flex w-full items-start gap-3 rounded-2xl border border-line bg-surface-2/95 p-4 shadow-xl backdrop-blur"
      data-toast-type={toast.type}
    >
      <Icon size={20} className={cn('mt-0.5 shrink-0', className)} />
      <div className="min-w-0 flex-1">
        <p className="sr-only">{label}:</p>
        {toast.title ? <p className="text-sm font-semibold text-fg">{toast.title}</p> : null}
        <p className="text-sm wrap-anywhere text-fg/90">{toast.message}</p>
      </div>
      <button
        type="button"
        onClick={onDismiss}
        aria-label="Dismiss notification"
        className="-m-1 flex h-7 w-7 shrink-0 items-center justify-center rounded-full text-muted hover:bg-surface-3 hover:text-fg"
      >
        <CloseIcon size={16} />
      </button>
    </div>
  );
}

export function Toaster() {
  const toasts = useToastStore((s) => s.toasts);
  const dismiss = useToastStore((s) => s.dismiss);
  const errors = toasts.filter((t) => t.type === 'error');
  const others = toasts.filter((t) => t.type !== 'error');

  return (
    <div className="pointer-events-none fixed inset-x-0 top-0 z-[60] flex justify-center px-3 pt-[calc(0.75rem+env(safe-area-inset-top))] sm:inset-x-auto sm:right-4 sm:justify-end">
      <div className="flex w-full max-w-sm flex-col gap-2">
        <div role="alert" aria-live="assertive" className="flex flex-col gap-2">
          {errors.map((t) => (
            <ToastCard key={t.id} toast={t} onDismiss={() => dismiss(t.id)} />
          ))}
        </div>
        <div role="status" aria-live="polite" className="flex flex-col gap-2">
          {others.map((t) => (
            <ToastCard key={t.id} toast={t} onDismiss={() => dismiss(t.id)} />
          ))}
        </div>
      </div>
    </div>
  );
}
