import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createUser, tokenFor } from '../../../test/factories.ts';
import { createTestServer, type TestServer } from '../../../test/harness.ts';
import { translationProviderFor } from './translation.provider.ts';

/** A local LibreTranslate stand-in: uppercases the text, fails on 'boom'. */
let fake: http.Server;
let fakeUrl = '';
const seen: Record<string, unknown>[] = [];
beforeAll(async () => {
  fake = http.createServer((req, res) => {
    let raw = '';
    req.on('data', (chunk) => (raw += chunk));
    req.on('end', () => {
      const body = JSON.parse(raw) as { q: string; target: string; source: string };
      seen.push({ url: req.url, ...body });
      res.setHeader('content-type', 'application/json');
      if (body.q === 'boom') {
        res.statusCode = 500;
        res.end(JSON.stringify({ error: 'engine down' }));
        return;
      }
      res.end(
        JSON.stringify({
          translatedText: `${body.target}:${body.q.toUpperCase()}`,
          detectedLanguage: { language: 'es', confidence: 90 },
        }),
      );
    });
  });
  await new Promise<void>((resolve) => fake.listen(0, '127.0.0.1', resolve));
  fakeUrl = `http://127.0.0.1:${(fake.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((resolve) => fake.close(() => resolve())));

async function withServer(
  env: Record<string, string>,
  fn: (s: TestServer, h: Record<string, string>) => Promise<void>,
) {
  const server = await createTestServer({ env });
  try {
    const user = await createUser(server.ctx);
    await fn(server, bearer(await tokenFor(server.ctx, user)));
  } finally {
    await server.close();
  }
}

const post = (s: TestServer, headers: Record<string, string> | null, payload: unknown) =>
  s.app.inject({
    method: 'POST',
    url: '/api/translation/translate',
    ...(headers ? { headers } : {}),
    payload: payload as Record<string, unknown>,
  });

describe('translation', () => {
  it('is disabled without a provider: status false, translate 503 with a clear message', async () => {
    await withServer({}, async (s, headers) => {
      const status = await s.app.inject({ method: 'GET', url: '/api/translation/status' });
      expect(status.json()).toEqual({ enabled: false, provider: null });
      const res = await post(s, headers, { text: 'hola', target: 'en' });
      expect(res.statusCode).toBe(503);
      expect(res.json()).toMatchObject({
        code: 'TRANSLATION_NOT_CONFIGURED',
        message: 'Translation is not available on this server',
      });
    });
  });

  it('translates through a LibreTranslate-compatible server', async () => {
    await withServer({ TRANSLATE_URL: fakeUrl, TRANSLATE_API_KEY: 'k1' }, async (s, headers) => {
      const status = await s.app.inject({ method: 'GET', url: '/api/translation/status' });
      expect(status.json()).toEqual({ enabled: true, provider: 'libretranslate' });
      const res = await post(s, headers, { text: 'hola amigo', target: 'en' });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({
        translatedText: 'en:HOLA AMIGO',
        target: 'en',
        detectedSource: 'es',
      });
      expect(seen.at(-1)).toMatchObject({
        url: '/translate',
        q: 'hola amigo',
        source: 'auto',
        target: 'en',
        api_key: 'k1',
      });

      const failed = await post(s, headers, { text: 'boom', target: 'en' });
      expect(failed.statusCode).toBe(502);
      expect(failed.json().code).toBe('TRANSLATION_FAILED');
      // the target under the other names clients use for it
      for (const name of ['targetLanguage', 'to', 'lang']) {
        const aliased = await post(s, headers, { text: 'hola', [name]: 'pt' });
        expect(aliased.json(), name).toMatchObject({ translatedText: 'pt:HOLA', target: 'pt' });
      }
      const none = await post(s, headers, { text: 'hola' });
      expect(none.statusCode).toBe(400);
      expect(none.json()).toMatchObject({ code: 'VALIDATION_FAILED', field: 'target' });
      for (const bad of [
        { text: '', target: 'en' },
        { text: 'x', target: 'english' },
        { text: 'x', to: 'english' },
        { text: 'x'.repeat(5001), target: 'en' },
      ])
        expect((await post(s, headers, bad)).statusCode).toBe(400);
      expect((await post(s, null, { text: 'hola', target: 'en' })).statusCode).toBe(401);
    });
  });

  it('TRANSLATION_PROVIDER=none turns it off even with a URL', () => {
    expect(
      translationProviderFor({ TRANSLATE_URL: fakeUrl, TRANSLATION_PROVIDER: 'none' }),
    ).toBeNull();
    expect(translationProviderFor({})).toBeNull();
    expect(translationProviderFor({ TRANSLATE_URL: fakeUrl })?.name).toBe('libretranslate');
  });
});
