/**
 * Boot data: the API answers a signed-in page load starts from. For a navigation to `/` or a
 * profile with a valid session cookie the server runs the page's first GET requests itself and
 * embeds their JSON in index.html (server/src/platform/http/boot-data.ts), in a
 * `<script type="application/json">` block the browser never executes; the web app's API client
 * answers the first request for each of those URLs from it (web/src/lib/api/boot-responses.ts)
 * when the block belongs to the session the app has stored, so the page renders without waiting
 * for the session check and its queries in turn.
 */
export const BOOT_DATA_ELEMENT_ID = 'fs-boot-data';

/** What the session tag hashes before the token: a value of its own, not the stored hash. */
export const BOOT_SESSION_TAG_PREFIX = 'fanspace-boot:';
export const BOOT_SESSION_TAG_HEX = 32;

export interface BootData {
  /** The session's user. */
  userId: string;
  /**
   * The session the answers were made for: the first BOOT_SESSION_TAG_HEX hex digits of
   * SHA-256(BOOT_SESSION_TAG_PREFIX + session token). The app uses the block only when its own
   * stored token gives the same tag – the cookie and the stored session are the same session –
   * so the embedded session check means what its own request would have meant.
   */
  sessionTag: string;
  /**
   * 200 answers by API path and query, relative to /api (`/posts?limit=20&offset=0&…`), exactly
   * as the API sent them at the time of the page request.
   */
  responses: Record<string, unknown>;
}
