import {
  WIDGET_TYPES,
  WidgetLimits,
  type WidgetConfig,
  type WidgetType,
} from '@fanspace/contracts';
import { cleanText, assertHttpsUrl } from '../users/profile-rules.ts';
import { invalidField, requiredText } from './kit-common.ts';
import { isUuid } from '../../platform/ids.ts';

/**
 * Profile widgets as stored in users.profile.widgets: the same array GET/PUT /vibes/widgets
 * read and write wholesale. Items that are not widgets of ours (anything a client put there
 * through /vibes/widgets) are kept untouched and skipped by the /widgets calls.
 */
export interface StoredWidget {
  id: string;
  type: WidgetType;
  title: string;
  enabled: boolean;
  config: WidgetConfig;
}

export const DEFAULT_TITLES: Record<WidgetType, string> = {
  links: 'Links',
  about: 'About me',
  schedule: 'Schedule',
  'top-posts': 'Top posts',
  countdown: 'Countdown',
};

export function isStoredWidget(value: unknown): value is StoredWidget {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return false;
  const w = value as Record<string, unknown>;
  return (
    typeof w.id === 'string' &&
    isUuid(w.id) &&
    typeof w.type === 'string' &&
    (WIDGET_TYPES as readonly string[]).includes(w.type) &&
    typeof w.title === 'string' &&
    typeof w.enabled === 'boolean' &&
    typeof w.config === 'object' &&
    w.config !== null
  );
}

/** The config a widget of `type` keeps: only its own keys, cleaned and checked (400 by field). */
export function cleanWidgetConfig(
  type: WidgetType,
  config: WidgetConfig | undefined,
): WidgetConfig {
  const c = config ?? {};
  switch (type) {
    case 'links': {
      const links = (c.links ?? []).map((link, i) => ({
        label: requiredText(`config.links.${i}.label`, link.label, 'Link label'),
        url: assertHttpsUrl(`config.links.${i}.url`, link.url),
      }));
      if (links.length === 0) throw invalidField('config.links', 'Add at least one link');
      return { links };
    }
    case 'about':
    case 'schedule':
      return { text: requiredText('config.text', c.text ?? '', 'Text') };
    case 'top-posts':
      return { limit: c.limit ?? 3 };
    case 'countdown': {
      if (!c.targetAt) throw invalidField('config.targetAt', 'Pick the date the countdown ends');
      const label = cleanText(c.label ?? '');
      return {
        targetAt: new Date(c.targetAt).toISOString(),
        ...(label ? { label } : {}),
      };
    }
  }
}

export function cleanTitle(type: WidgetType, title: string | undefined): string {
  const clean = cleanText(title ?? '').slice(0, WidgetLimits.titleMax);
  return clean === '' ? DEFAULT_TITLES[type] : clean;
}
