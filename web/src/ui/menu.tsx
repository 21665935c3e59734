/**
 * Dropdown menu (menu button pattern): opens on click, arrow keys move between items,
 * Escape or an outside click closes and returns focus to the trigger.
 */
import {
  useCallback,
  useEffect,
  useId,
  useLayoutEffect,
  useRef,
  useState,
  type KeyboardEvent,
  type ReactNode,
} from 'react';
import { Link } from 'react-router';
import { cn } from './cn.ts';

export interface MenuItem {
  label: string;
  icon?: ReactNode;
  to?: string;
  onSelect?: () => void;
  tone?: 'default' | 'danger';
}

export interface MenuProps {
  /** Accessible name of the trigger button. */
  label: string;
  trigger: ReactNode;
  header?: ReactNode;
  items: MenuItem[];
  className?: string;
  /**
   * The list's height cap: a long list scrolls inside it. The default keeps it on a screen;
   * a menu that opens under the top bar passes what is left below the bar (and above the
   * phone tab bar).
   */
  listClassName?: string;
}

/** room kept between an open menu and the edge it was moved away from */
const EDGE_GAP_PX = 8;
/** an overflow value that cuts off what sticks out ('' where no style engine computed one) */
const clips = (overflow: string) => overflow !== '' && overflow !== 'visible';

export function Menu({
  label,
  trigger,
  header,
  items,
  className,
  listClassName = 'max-h-[calc(100dvh-1rem)]',
}: MenuProps) {
  const [open, setOpen] = useState(false);
  const menuId = useId();
  const rootRef = useRef<HTMLDivElement>(null);
  const triggerRef = useRef<HTMLButtonElement>(null);
  const listRef = useRef<HTMLDivElement>(null);

  const close = useCallback((returnFocus: boolean) => {
    setOpen(false);
    if (returnFocus) triggerRef.current?.focus();
  }, []);

  // the list hangs below and left of the trigger; near an edge (a message's actions on a
  // phone, the last message of a chat) it moves sideways into the nearest clipping box, and
  // opens upwards when there is room above but not below – else it is off-screen or cut off
  useLayoutEffect(() => {
    const list = listRef.current;
    const root = rootRef.current;
    if (!open || !list || !root) return;
    const viewport = document.documentElement;
    const clip = {
      left: EDGE_GAP_PX,
      top: EDGE_GAP_PX,
      right: (viewport.clientWidth || window.innerWidth) - EDGE_GAP_PX,
      bottom: (viewport.clientHeight || window.innerHeight) - EDGE_GAP_PX,
    };
    for (let el = list.parentElement; el; el = el.parentElement) {
      const style = getComputedStyle(el);
      if (!clips(style.overflowX) && !clips(style.overflowY)) continue;
      const box = el.getBoundingClientRect();
      clip.left = Math.max(clip.left, box.left + EDGE_GAP_PX);
      clip.top = Math.max(clip.top, box.top + EDGE_GAP_PX);
      clip.right = Math.min(clip.right, box.right - EDGE_GAP_PX);
      clip.bottom = Math.min(clip.bottom, box.bottom - EDGE_GAP_PX);
      break;
    }
    const rect = list.getBoundingClientRect();
    const shift =
      rect.left < clip.left
        ? clip.left - rect.left
        : rect.right > clip.right
          ? clip.right - rect.right
          : 0;
    if (shift !== 0) list.style.right = `${-shift}px`;
    const trigger = root.getBoundingClientRect();
    if (rect.bottom > clip.bottom && trigger.top - EDGE_GAP_PX - rect.height >= clip.top) {
      list.style.top = 'auto';
      list.style.bottom = '100%';
      list.style.marginTop = '0';
      list.style.marginBottom = `${EDGE_GAP_PX}px`;
    }
  }, [open]);

  useEffect(() => {
    if (!open) return undefined;
    listRef.current?.querySelector<HTMLElement>('[role="menuitem"]')?.focus();
    function onPointerDown(event: PointerEvent): void {
      if (!rootRef.current?.contains(event.target as Node)) close(false);
    }
    document.addEventListener('pointerdown', onPointerDown);
    return () => document.removeEventListener('pointerdown', onPointerDown);
  }, [open, close]);

  function onKeyDown(event: KeyboardEvent<HTMLDivElement>): void {
    const itemsEls = [
      ...(listRef.current?.querySelectorAll<HTMLElement>('[role="menuitem"]') ?? []),
    ];
    const index = itemsEls.indexOf(document.activeElement as HTMLElement);
    if (event.key === 'Escape') {
      event.preventDefault();
      close(true);
    } else if (event.key === 'ArrowDown') {
      event.preventDefault();
      itemsEls[(index + 1) % itemsEls.length]?.focus();
    } else if (event.key === 'ArrowUp') {
      event.preventDefault();
      itemsEls[(index - 1 + itemsEls.length) % itemsEls.length]?.focus();
    } else if (event.key === 'Home') {
      event.preventDefault();
      itemsEls[0]?.focus();
    } else if (event.key === 'End') {
      event.preventDefault();
      itemsEls[itemsEls.length - 1]?.focus();
    } else if (event.key === 'Tab') {
      close(false);
    }
  }

  const itemClass = (tone: MenuItem['tone']) =>
    cn(
      'flex w-full items-center gap-3 rounded-xl px-3 py-2.5 text-left text-sm font-medium outline-none',
      'hover:bg-surface-3 focus-visible:bg-surface-3',
      tone === 'danger' ? 'text-danger-text' : 'text-fg',
    );

  return (
    <div ref={rootRef} className={cn('relative', className)}>
      <button
        ref={triggerRef}
        type="button"
        aria-label={label}
        aria-haspopup="menu"
        aria-expanded={open}
        aria-controls={open ? menuId : undefined}
        onClick={() => setOpen((v) => !v)}
        className="flex items-center rounded-full"
      >
        {trigger}
      </button>
      {open ? (
        <div
          ref={listRef}
          id={menuId}
          role="menu"
          aria-label={label}
          onKeyDown={onKeyDown}
          className={cn(
            'animate-toast-in absolute right-0 z-50 mt-2 w-64 overflow-y-auto overscroll-contain rounded-2xl border border-line bg-surface-2 p-1.5 shadow-2xl',
            listClassName,
          )}
        >
          {header ? (
            <div className="border-b border-line px-3 pt-2 pb-3 mb-1.5">{header}</div>
          ) : null}
          {items.map((item) =>
            item.to ? (
              <Link
                key={item.label}
                to={item.to}
                role="menuitem"
                tabIndex={-1}
                className={itemClass(item.tone)}
                onClick={() => close(false)}
              >
                {item.icon}
                {item.label}
              </Link>
            ) : (
              <button
                key={item.label}
                type="button"
                role="menuitem"
                tabIndex={-1}
                className={itemClass(item.tone)}
                onClick={() => {
                  close(false);
                  item.onSelect?.();
                }}
              >
                {item.icon}
                {item.label}
              </button>
            ),
          )}
        </div>
      ) : null}
    </div>
  );
}
