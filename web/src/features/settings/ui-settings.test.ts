import { describe, expect, it } from 'vitest';
import { applyUiSettings, resolveTheme, uiCookie } from './apply-ui-settings.ts';
import { UI_ACCENTS } from '@fanspace/contracts/server-render';
import { DEFAULT_UI_SETTINGS, PRIMARY_COLORS, sanitizeUiSettings } from './store.ts';

describe('UI settings', () => {
  it('defaults to dark, purple and medium', () => {
    expect(DEFAULT_UI_SETTINGS).toMatchObject({
      theme: 'dark',
      primaryColor: 'purple',
      fontSize: 'medium',
    });
  });

  it('offers every accent the server accepts in the cookie, and no other', () => {
    expect(PRIMARY_COLORS.map((color) => color.value)).toEqual([...UI_ACCENTS]);
  });

  it('drops malformed stored values', () => {
    expect(
      sanitizeUiSettings({ theme: 'neon', primaryColor: 'pink', fontSize: 3, highContrast: true }),
    ).toEqual({
      primaryColor: 'pink',
      highContrast: true,
    });
    expect(sanitizeUiSettings('garbage')).toEqual({});
  });

  it('applies theme, accent, size and accessibility flags to <html>', () => {
    const root = document.createElement('html');
    applyUiSettings(
      root,
      {
        ...DEFAULT_UI_SETTINGS,
        theme: 'auto',
        primaryColor: 'teal',
        fontSize: 'large',
        reducedMotion: true,
      },
      false,
    );
    expect(root.classList.contains('light')).toBe(true);
    expect(root.classList.contains('dark')).toBe(false);
    expect(root.classList.contains('reduce-motion')).toBe(true);
    expect(root.dataset.accent).toBe('teal');
    expect(root.dataset.fontSize).toBe('large');
    expect(resolveTheme('auto', true)).toBe('dark');
  });
});

describe('uiCookie (for the server’s render of a page)', () => {
  it('carries the resolved theme, the accent, the font size and the three switches', () => {
    const settings = {
      ...DEFAULT_UI_SETTINGS,
      theme: 'auto' as const,
      primaryColor: 'teal' as const,
      fontSize: 'large' as const,
      reducedMotion: true,
      sidebarCollapsed: true,
    };
    expect(uiCookie(settings, false)).toBe(
      'fs_ui=light|teal|large|1|0|1; path=/; max-age=31536000; samesite=lax',
    );
    expect(uiCookie(DEFAULT_UI_SETTINGS, false)).toBe(
      'fs_ui=dark|purple|medium|0|0|0; path=/; max-age=31536000; samesite=lax',
    );
  });
});
