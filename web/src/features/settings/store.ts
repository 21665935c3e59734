/** UI settings (spec §3/§9), persisted encrypted under `user-ui-storage`. */
import { UI_FONT_SIZES, type UiAccent, type UiFontSize } from '@fanspace/contracts/server-render';
import { create } from '../../lib/create-store.ts';
import { persist } from 'zustand/middleware';
import { secureJSONStorage } from '../../lib/storage/index.ts';

export type ThemeSetting = 'dark' | 'light' | 'auto';
// the server checks the fs_ui cookie against the same lists (@fanspace/contracts/server-render)
export type PrimaryColor = UiAccent;
export type FontSize = UiFontSize;

export interface UiSettings {
  theme: ThemeSetting;
  primaryColor: PrimaryColor;
  fontSize: FontSize;
  sidebarCollapsed: boolean;
  reducedMotion: boolean;
  highContrast: boolean;
}

export const UI_SETTINGS_KEY = 'user-ui-storage';

export const DEFAULT_UI_SETTINGS: UiSettings = {
  theme: 'dark',
  primaryColor: 'purple',
  fontSize: 'medium',
  sidebarCollapsed: false,
  reducedMotion: false,
  highContrast: false,
};

export const PRIMARY_COLORS: ReadonlyArray<{ value: PrimaryColor; label: string; swatch: string }> =
  [
    { value: 'purple', label: 'Purple', swatch: '#8b5cf6' },
    { value: 'pink', label: 'Pink', swatch: '#ec4899' },
    { value: 'blue', label: 'Blue', swatch: '#3b82f6' },
    { value: 'teal', label: 'Teal', swatch: '#14b8a6' },
    { value: 'orange', label: 'Orange', swatch: '#f97316' },
  ];

interface UiSettingsState extends UiSettings {
  update(patch: Partial<UiSettings>): void;
  toggleSidebar(): void;
  reset(): void;
}

/** Drops unknown or malformed stored values so an old or hand-edited entry cannot break the UI. */
export function sanitizeUiSettings(value: unknown): Partial<UiSettings> {
  if (typeof value !== 'object' || value === null) return {};
  const v = value as Record<string, unknown>;
  const out: Partial<UiSettings> = {};
  if (v.theme === 'dark' || v.theme === 'light' || v.theme === 'auto') out.theme = v.theme;
  if (PRIMARY_COLORS.some((c) => c.value === v.primaryColor))
    out.primaryColor = v.primaryColor as PrimaryColor;
  const fontSize = UI_FONT_SIZES.find((size) => size === v.fontSize);
  if (fontSize) out.fontSize = fontSize;
  for (const key of ['sidebarCollapsed', 'reducedMotion', 'highContrast'] as const) {
    if (typeof v[key] === 'boolean') out[key] = v[key];
  }
  return out;
}

export const useUiSettings = create<UiSettingsState>()(
  persist(
    (set, get) => ({
      ...DEFAULT_UI_SETTINGS,
      update: (patch) => set(patch),
      toggleSidebar: () => set({ sidebarCollapsed: !get().sidebarCollapsed }),
      reset: () => set(DEFAULT_UI_SETTINGS),
    }),
    {
      name: UI_SETTINGS_KEY,
      storage: secureJSONStorage<UiSettings>(),
      // Hydrated explicitly at start-up, after the one-time storage migration has run.
      skipHydration: true,
      partialize: (s): UiSettings => ({
        theme: s.theme,
        primaryColor: s.primaryColor,
        fontSize: s.fontSize,
        sidebarCollapsed: s.sidebarCollapsed,
        reducedMotion: s.reducedMotion,
        highContrast: s.highContrast,
      }),
      merge: (persisted, current) => ({ ...current, ...sanitizeUiSettings(persisted) }),
    },
  ),
);
