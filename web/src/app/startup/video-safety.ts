/**
 * Video defaults applied to every <video> in the page (spec §2): inline playback on phones,
 * autoplay only when muted (browsers block the rest and leave a frozen frame), metadata-only
 * preloading to spare data plans, and in Safari visible controls, which it otherwise hides
 * for inline video and leaves users no way to start playback.
 */
const MARK = 'fsVideoSafe';

export function isSafari(userAgent: string): boolean {
  return (
    /safari/i.test(userAgent) &&
    !/chrome|chromium|crios|fxios|edgios|edg\/|android/i.test(userAgent)
  );
}

export function applyVideoSafety(video: HTMLVideoElement, options: { safari: boolean }): void {
  if (video.dataset[MARK] === '1') return;
  video.dataset[MARK] = '1';
  video.playsInline = true;
  video.setAttribute('playsinline', '');
  video.setAttribute('webkit-playsinline', '');
  if (video.autoplay) {
    video.muted = true;
    video.setAttribute('muted', '');
  }
  if (!video.hasAttribute('preload')) video.preload = 'metadata';
  // Background loops (autoplay + loop) and videos that draw their own UI opt out of controls.
  const decorative = (video.autoplay && video.loop) || video.hasAttribute('data-no-controls');
  if (options.safari && !decorative && !video.controls) video.controls = true;
}

/** play() that never leaves an unhandled rejection: retries muted if autoplay was refused. */
export async function safePlay(video: HTMLVideoElement): Promise<boolean> {
  try {
    await video.play();
    return true;
  } catch (error) {
    if (error instanceof DOMException && error.name === 'NotAllowedError' && !video.muted) {
      video.muted = true;
      try {
        await video.play();
        return true;
      } catch {
        return false;
      }
    }
    return false;
  }
}

function videosIn(node: Node): HTMLVideoElement[] {
  if (node instanceof HTMLVideoElement) return [node];
  if (node instanceof Element) return [...node.querySelectorAll('video')];
  return [];
}

/** Applies the defaults to current and future videos; returns a stop function. */
export function installVideoSafety(
  doc: Document = document,
  userAgent = navigator.userAgent,
): () => void {
  const options = { safari: isSafari(userAgent) };
  doc.querySelectorAll('video').forEach((v) => applyVideoSafety(v, options));
  const observer = new MutationObserver((records) => {
    for (const record of records) {
      record.addedNodes.forEach((node) =>
        videosIn(node).forEach((v) => applyVideoSafety(v, options)),
      );
    }
  });
  observer.observe(doc.documentElement, { childList: true, subtree: true });
  return () => observer.disconnect();
}
