import { fireEvent, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { json } from '../../test/api-harness.ts';
import { makeMeUser } from '../../test/fixtures.ts';
import { renderPage, signIn, stubFetch } from '../../test/render.tsx';
import { TopBar } from './top-bar.tsx';

beforeEach(() => {
  stubFetch().mockImplementation(async () => json({ message: 'not here' }, 404));
  signIn(makeMeUser({ isCreator: true, accountType: 'creator' }));
});
afterEach(() => vi.unstubAllGlobals());

describe('TopBar account menu', () => {
  it('caps its height to the screen and scrolls, so every item is reachable on a phone', () => {
    renderPage(<TopBar onOpenDisplay={() => undefined} />);
    fireEvent.click(screen.getByRole('button', { name: 'Account menu' }));
    const menu = screen.getByRole('menu', { name: 'Account menu' });
    const classes = menu.className.split(' ');
    // no layout engine here: the list scrolls, and its cap ends above the phone tab bar
    expect(classes).toEqual(expect.arrayContaining(['overflow-y-auto', 'overscroll-contain']));
    expect(classes.some((c) => c.startsWith('max-h-[calc(100dvh-'))).toBe(true);
    expect(classes.some((c) => c.startsWith('md:max-h-['))).toBe(true);
    expect(screen.getByRole('menuitem', { name: 'Log out' })).toBeTruthy();
  });
});
