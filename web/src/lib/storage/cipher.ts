/**
 * AES-GCM string cipher for browser storage (spec §9). The key is derived from a configured
 * secret. That secret ships inside the bundle, so this keeps stored values unreadable to
 * casual inspection and to naive scrapers of localStorage – it is not protection against
 * code running on our own origin.
 */
const PREFIX = 'enc1:';
const IV_BYTES = 12;

export interface StringCipher {
  encrypt(plain: string): Promise<string>;
  /** Throws when the value was not produced by this cipher with this key. */
  decrypt(stored: string): Promise<string>;
}

function toBase64(bytes: Uint8Array): string {
  let binary = '';
  const chunk = 0x8000;
  for (let i = 0; i < bytes.length; i += chunk) {
    binary += String.fromCharCode(...bytes.subarray(i, i + chunk));
  }
  return btoa(binary);
}

function fromBase64(text: string): Uint8Array<ArrayBuffer> {
  const binary = atob(text);
  const bytes = new Uint8Array(binary.length);
  for (let i = 0; i < binary.length; i += 1) bytes[i] = binary.charCodeAt(i);
  return bytes;
}

export function createAesGcmCipher(
  secret: string,
  subtle: SubtleCrypto = crypto.subtle,
): StringCipher {
  let keyPromise: Promise<CryptoKey> | null = null;

  function key(): Promise<CryptoKey> {
    keyPromise ??= subtle
      .digest('SHA-256', new TextEncoder().encode(secret))
      .then((raw) =>
        subtle.importKey('raw', raw, { name: 'AES-GCM' }, false, ['encrypt', 'decrypt']),
      );
    return keyPromise;
  }

  return {
    async encrypt(plain) {
      const iv = crypto.getRandomValues(new Uint8Array(IV_BYTES));
      const cipherText = await subtle.encrypt(
        { name: 'AES-GCM', iv },
        await key(),
        new TextEncoder().encode(plain),
      );
      const out = new Uint8Array(IV_BYTES + cipherText.byteLength);
      out.set(iv, 0);
      out.set(new Uint8Array(cipherText), IV_BYTES);
      return PREFIX + toBase64(out);
    },
    async decrypt(stored) {
      if (!stored.startsWith(PREFIX)) throw new Error('Not an encrypted value');
      const bytes = fromBase64(stored.slice(PREFIX.length));
      if (bytes.length <= IV_BYTES) throw new Error('Truncated value');
      const plain = await subtle.decrypt(
        { name: 'AES-GCM', iv: bytes.subarray(0, IV_BYTES) },
        await key(),
        bytes.subarray(IV_BYTES),
      );
      return new TextDecoder().decode(plain);
    },
  };
}
