/** Reflects UI settings onto <html> as classes and data attributes read by styles.css. */
import { UI_COOKIE } from '@fanspace/contracts/server-render';
import { useEffect, useState } from 'react';
import { useUiSettings, type UiSettings } from './store.ts';

export function resolveTheme(theme: UiSettings['theme'], prefersDark: boolean): 'dark' | 'light' {
  if (theme === 'auto') return prefersDark ? 'dark' : 'light';
  return theme;
}

/**
 * `fs_ui`'s value: the theme as resolved, the accent, the font size, reduced motion, high
 * contrast and the collapsed sidebar – a server-rendered page then paints in the member's
 * theme and layout instead of the default's, and hydrates without a second render.
 */
export function uiCookie(settings: UiSettings, prefersDark: boolean): string {
  const value = [
    resolveTheme(settings.theme, prefersDark),
    settings.primaryColor,
    settings.fontSize,
    Number(settings.reducedMotion),
    Number(settings.highContrast),
    Number(settings.sidebarCollapsed),
  ].join('|');
  return `${UI_COOKIE}=${value}; path=/; max-age=31536000; samesite=lax`;
}

export function applyUiSettings(
  root: HTMLElement,
  settings: UiSettings,
  prefersDark: boolean,
): void {
  const theme = resolveTheme(settings.theme, prefersDark);
  root.classList.toggle('dark', theme === 'dark');
  root.classList.toggle('light', theme === 'light');
  root.classList.toggle('reduce-motion', settings.reducedMotion);
  root.classList.toggle('high-contrast', settings.highContrast);
  root.dataset.accent = settings.primaryColor;
  root.dataset.fontSize = settings.fontSize;
  const meta = document.querySelector('meta[name="theme-color"]');
  meta?.setAttribute('content', theme === 'dark' ? '#0b0a10' : '#f6f5fa');
}

function usePrefersDark(): boolean {
  const query = '(prefers-color-scheme: dark)';
  const [prefersDark, setPrefersDark] = useState(
    () => typeof window.matchMedia !== 'function' || window.matchMedia(query).matches,
  );
  useEffect(() => {
    if (typeof window.matchMedia !== 'function') return undefined;
    const list = window.matchMedia(query);
    const onChange = (event: MediaQueryListEvent): void => setPrefersDark(event.matches);
    list.addEventListener('change', onChange);
    return () => list.removeEventListener('change', onChange);
  }, []);
  return prefersDark;
}

export function useApplyUiSettings(): void {
  const theme = useUiSettings((s) => s.theme);
  const primaryColor = useUiSettings((s) => s.primaryColor);
  const fontSize = useUiSettings((s) => s.fontSize);
  const sidebarCollapsed = useUiSettings((s) => s.sidebarCollapsed);
  const reducedMotion = useUiSettings((s) => s.reducedMotion);
  const highContrast = useUiSettings((s) => s.highContrast);
  const prefersDark = usePrefersDark();

  useEffect(() => {
    const settings = {
      theme,
      primaryColor,
      fontSize,
      sidebarCollapsed,
      reducedMotion,
      highContrast,
    };
    applyUiSettings(document.documentElement, settings, prefersDark);
    document.cookie = uiCookie(settings, prefersDark);
  }, [theme, primaryColor, fontSize, sidebarCollapsed, reducedMotion, highContrast, prefersDark]);
}
