import type { ShareResponse } from '@fanspace/contracts';
import { apiClient, errorMessageOf } from '../../lib/api/index.ts';
import { copyText } from '../../lib/clipboard.ts';
import { toast } from '../../ui/toast/toast-store.ts';

/**
 * "Share…" of a public post: the server's share metadata (GET /social/share/{postId}) goes to
 * the system share sheet where there is one, otherwise the link is copied.
 */
export async function sharePost(postId: string): Promise<void> {
  let info: ShareResponse;
  try {
    info = await apiClient.get<ShareResponse>(`/social/share/${encodeURIComponent(postId)}`);
  } catch (error) {
    toast.error(errorMessageOf(error, 'This post cannot be shared.'));
    return;
  }
  if (typeof navigator !== 'undefined' && typeof navigator.share === 'function') {
    try {
      await navigator.share({ title: info.title, text: info.description, url: info.url });
      return;
    } catch {
      // dismissed or refused: fall back to copying
    }
  }
  if (await copyText(info.url)) toast.success('Link copied. Paste it anywhere to share.');
  else toast.error('Could not copy the link. Copy it from the address bar instead.');
}
