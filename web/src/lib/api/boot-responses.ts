/**
 * The API answers the server embedded in index.html for this page load (boot data:
 * contracts/src/boot-data.ts, server/src/platform/http/boot-data.ts). The first GET of each URL
 * is answered from here instead of the network – the session check and the page's first queries
 * then need no round trip – and each answer is used once: a later request for the same URL (a
 * refetch, the next visit) asks the server. Answers are dropped after a write, when the session
 * changes (clearApiCache) and BOOT_RESPONSES_TTL_MS after they were installed, so an answer
 * nobody asked for at start-up can never stand in for a fresh one later.
 */
import {
  BOOT_DATA_ELEMENT_ID,
  BOOT_SESSION_TAG_HEX,
  BOOT_SESSION_TAG_PREFIX,
  type BootData,
} from '@fanspace/contracts';

export const BOOT_RESPONSES_TTL_MS = 10_000;

export interface BootResponses {
  /**
   * `exclusive`: nothing else is sent while these are installed – the server's render of a page
   * (entry-server.tsx), which must not go to the network for what the boot data lacks
   */
  install(responses: Record<string, unknown>, options?: { exclusive?: boolean }): void;
  /** installed with `exclusive` (until clear) */
  exclusive(): boolean;
  /** The embedded answer for an API path and query (`/posts?limit=20…`), at most once. */
  take(pathAndQuery: string): { hit: true; value: unknown } | { hit: false };
  clear(): void;
}

/** The same URL whatever the order of its query parameters. */
export function bootKey(pathAndQuery: string): string {
  const q = pathAndQuery.indexOf('?');
  if (q === -1) return pathAndQuery;
  const params = new URLSearchParams(pathAndQuery.slice(q + 1));
  params.sort();
  return `${pathAndQuery.slice(0, q)}?${params.toString()}`;
}

export function createBootResponses(now: () => number): BootResponses {
  let answers = new Map<string, unknown>();
  let expiresAt = 0;
  let only = false;
  return {
    install(responses, options) {
      answers = new Map(Object.entries(responses).map(([key, value]) => [bootKey(key), value]));
      expiresAt = now() + BOOT_RESPONSES_TTL_MS;
      only = options?.exclusive ?? false;
    },
    exclusive: () => only,
    take(pathAndQuery) {
      if (answers.size === 0) return { hit: false };
      if (now() >= expiresAt) {
        answers.clear();
        return { hit: false };
      }
      const key = bootKey(pathAndQuery);
      if (!answers.has(key)) return { hit: false };
      const value = answers.get(key);
      answers.delete(key);
      return { hit: true, value };
    },
    clear() {
      answers.clear();
      only = false;
    },
  };
}

function isBootData(value: unknown): value is BootData {
  if (typeof value !== 'object' || value === null) return false;
  const { userId, sessionTag, responses } = value as Partial<BootData>;
  return (
    typeof userId === 'string' &&
    typeof sessionTag === 'string' &&
    typeof responses === 'object' &&
    responses !== null
  );
}

/** BootData.sessionTag of a token, as the server computes it; null without WebCrypto. */
export async function sessionTagOf(
  token: string,
  subtle: SubtleCrypto | null = globalThis.crypto?.subtle ?? null,
): Promise<string | null> {
  if (!subtle) return null;
  try {
    const bytes = new TextEncoder().encode(`${BOOT_SESSION_TAG_PREFIX}${token}`);
    const digest = new Uint8Array(await subtle.digest('SHA-256', bytes));
    const hex = [...digest].map((b) => b.toString(16).padStart(2, '0')).join('');
    return hex.slice(0, BOOT_SESSION_TAG_HEX);
  } catch {
    return null;
  }
}

/**
 * Takes the boot data block out of the document (it is read once) and returns it, or null when
 * the page has none or it cannot be read.
 */
export function takeBootData(doc: Document | undefined): BootData | null {
  const element = doc?.getElementById(BOOT_DATA_ELEMENT_ID);
  if (!element) return null;
  element.remove();
  try {
    const parsed: unknown = JSON.parse(element.textContent ?? '');
    return isBootData(parsed) ? parsed : null;
  } catch {
    return null;
  }
}
