import { describe, expect, it } from 'vitest';
import type { Config } from '../../platform/config.ts';
import { verifyFields } from '../../platform/storage/signed-urls.ts';
import {
  contentSignatureFields,
  CONTENT_URL_PURPOSE,
  signedContentUrl,
} from './media.presenter.ts';

const configWith = (key: string) =>
  ({ MEDIA_URL_TTL_SECONDS: 3600, DATA_ENCRYPTION_KEY: key, dataDir: '/nonexistent' }) as Config;

const MEDIA = '00000000-0000-4000-8000-0000000000aa';
const SESSION = '00000000-0000-4000-8000-0000000000bb';

function verifies(config: Config, url: string, session: string) {
  const query = new URL(url, 'http://x').searchParams;
  const exp = Number(query.get('exp'));
  const fields = contentSignatureFields(MEDIA, 'large', session, exp);
  return verifyFields(config, CONTENT_URL_PURPOSE, fields, query.get('sig') ?? '');
}

describe('signedContentUrl', () => {
  it('hands out the same verifiable URL again, one per session and per key', () => {
    const config = configWith('a'.repeat(32));
    const first = signedContentUrl({ config }, MEDIA, 'large', SESSION);
    expect(signedContentUrl({ config }, MEDIA, 'large', SESSION)).toBe(first);
    expect(verifies(config, first, SESSION)).toBe(true);
    expect(verifies(config, first, 'anonymous')).toBe(false);

    const other = signedContentUrl({ config }, MEDIA, 'large', 'anonymous');
    expect(other).not.toBe(first);
    expect(verifies(config, other, 'anonymous')).toBe(true);

    // another deployment's key signs differently, though the item, session and expiry agree
    const rotated = configWith('b'.repeat(32));
    const resigned = signedContentUrl({ config: rotated }, MEDIA, 'large', SESSION);
    expect(resigned).not.toBe(first);
    expect(verifies(rotated, resigned, SESSION)).toBe(true);
    expect(verifies(config, resigned, SESSION)).toBe(false);
  });
});
