import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { makeMeUser } from '../../../test/fixtures.ts';
import { renderPage, signIn, signOut, stubFetch, toastMessages } from '../../../test/render.tsx';
import { PUSH_MESSAGES } from '../push.ts';
import { PUSH_PROMPT_DISMISSED_KEY, PushPrompt } from './push-prompt.tsx';

function stubPushBrowser(answer: NotificationPermission) {
  const requestPermission = vi.fn(async () => {
    notification.permission = answer;
    return answer;
  });
  const notification = { permission: 'default' as NotificationPermission, requestPermission };
  const registration = { pushManager: { getSubscription: async () => null } };
  vi.stubGlobal('Notification', notification);
  vi.stubGlobal('PushManager', class {});
  vi.stubGlobal('isSecureContext', true);
  Object.defineProperty(navigator, 'serviceWorker', {
    configurable: true,
    value: { ready: Promise.resolve(registration), getRegistration: async () => registration },
  });
  return requestPermission;
}

describe('PushPrompt', () => {
  beforeEach(() => {
    stubFetch();
    signIn(makeMeUser({ id: 'u1' }));
  });
  afterEach(() => {
    signOut();
    vi.unstubAllGlobals();
    Reflect.deleteProperty(navigator, 'serviceWorker');
  });

  it('explains first and asks the browser only on click; a refusal is explained', async () => {
    const requestPermission = stubPushBrowser('denied');
    renderPage(<PushPrompt />);
    const region = await screen.findByRole('region', {
      name: 'Get notified when Fanspace is closed',
    });
    expect(region.textContent).toContain('Your browser will ask for permission');
    expect(requestPermission).not.toHaveBeenCalled();

    await userEvent.click(screen.getByRole('button', { name: 'Turn on' }));
    expect(requestPermission).toHaveBeenCalledTimes(1);
    await waitFor(() => expect(toastMessages()).toEqual([PUSH_MESSAGES.denied]));
    await waitFor(() => expect(screen.queryByRole('region')).toBeNull());
  });

  it('stays away when dismissed on this device, or when push is unsupported', async () => {
    stubPushBrowser('granted');
    renderPage(<PushPrompt />);
    await screen.findByRole('region');
    await userEvent.click(screen.getByRole('button', { name: 'Not now' }));
    expect(screen.queryByRole('region')).toBeNull();
    expect(localStorage.getItem(PUSH_PROMPT_DISMISSED_KEY)).toBe('true');
  });

  it('renders nothing without push support', () => {
    renderPage(<PushPrompt />);
    expect(screen.queryByRole('region')).toBeNull();
  });
});
