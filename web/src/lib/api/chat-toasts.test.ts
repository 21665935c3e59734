import { describe, expect, it } from 'vitest';
import { createHarness, json } from '../../test/api-harness.ts';
import { CHAT_TOASTS } from './chat-toasts.ts';

describe('chat client toasts', () => {
  it.each([
    [400, { message: 'Text is required' }, 'Bad Request: Text is required'],
    [403, { message: 'Blocked' }, "Forbidden: You don't have permission to access this resource."],
    [404, { message: 'No chat' }, 'Not Found: The requested resource was not found.'],
    [500, {}, 'Server Error: Something went wrong on our end. Please try again later.'],
    [409, { error: 'Already unlocked' }, 'Error: Already unlocked'],
    [422, {}, 'Error: An error occurred'],
  ])('maps %i to its toast', async (status, body, text) => {
    const h = createHarness();
    h.fetch.mockResolvedValueOnce(json(body, status));
    await expect(h.chat.post('/chats/1/messages', { text: '' })).rejects.toMatchObject({ status });
    expect(h.toasts).toEqual([{ type: 'error', message: text }]);
  });

  it('shows the network toast when no response arrives', async () => {
    const h = createHarness();
    h.fetch.mockRejectedValueOnce(new TypeError('Failed to fetch'));
    await expect(h.chat.get('/chats')).rejects.toMatchObject({ status: 0 });
    expect(h.toasts).toEqual([{ type: 'error', message: CHAT_TOASTS.network }]);
    expect(CHAT_TOASTS.network).toBe('Network Error: Please check your connection.');
  });

  it('does not show the 403 toast on beta pages, but still shows others there', async () => {
    const h = createHarness();
    h.setBetaPage(true);
    h.fetch.mockResolvedValueOnce(json({ message: 'Beta only' }, 403));
    await expect(h.chat.get('/chats')).rejects.toMatchObject({ status: 403 });
    expect(h.toasts).toEqual([]);
    h.fetch.mockResolvedValueOnce(json({}, 404));
    await expect(h.chat.get('/chats/9')).rejects.toMatchObject({ status: 404 });
    expect(h.toasts).toEqual([{ type: 'error', message: CHAT_TOASTS.notFound }]);
  });

  it('leaves 401s to the session rule and keeps the other clients quiet', async () => {
    const h = createHarness();
    h.session.authenticated = false;
    h.fetch.mockResolvedValueOnce(json({}, 401));
    await expect(h.chat.get('/chats')).rejects.toMatchObject({ status: 401 });
    h.fetch.mockResolvedValueOnce(json({ message: 'x' }, 500));
    await expect(h.api.get('/posts')).rejects.toMatchObject({ status: 500 });
    h.fetch.mockResolvedValueOnce(json({ message: 'x' }, 400));
    await expect(h.generic.get('/admin/stats')).rejects.toMatchObject({ status: 400 });
    expect(h.toasts).toEqual([]);
  });
});
