import { BOOT_DATA_ELEMENT_ID } from '@fanspace/contracts';
import { createHash } from 'node:crypto';
import { afterEach, describe, expect, it } from 'vitest';
import { createHarness, json } from '../../test/api-harness.ts';
import { SERVER_RENDER_MESSAGE } from './api-error.ts';
import {
  BOOT_RESPONSES_TTL_MS,
  bootKey,
  createBootResponses,
  sessionTagOf,
  takeBootData,
} from './boot-responses.ts';

afterEach(() => document.getElementById(BOOT_DATA_ELEMENT_ID)?.remove());

function embed(text: string) {
  const element = document.createElement('script');
  element.type = 'application/json';
  element.id = BOOT_DATA_ELEMENT_ID;
  element.textContent = text;
  document.body.append(element);
}

describe('boot responses: the answers index.html carried', () => {
  it('answers each URL once, whatever the order of its query', () => {
    let now = 1_000;
    const boot = createBootResponses(() => now);
    boot.install({ '/posts?limit=20&offset=0&discoverMode=false': { posts: [] }, '/me': 1 });
    expect(bootKey('/posts?offset=0&discoverMode=false&limit=20')).toBe(
      bootKey('/posts?limit=20&offset=0&discoverMode=false'),
    );
    expect(boot.take('/posts?discoverMode=false&offset=0&limit=20')).toEqual({
      hit: true,
      value: { posts: [] },
    });
    expect(boot.take('/posts?limit=20&offset=0&discoverMode=false')).toEqual({ hit: false });
    // another page of the same list is not the embedded one
    expect(boot.take('/posts?limit=20&offset=20&discoverMode=false')).toEqual({ hit: false });
    now += BOOT_RESPONSES_TTL_MS;
    expect(boot.take('/me')).toEqual({ hit: false });
  });

  it('forgets everything on clear', () => {
    const boot = createBootResponses(() => 0);
    boot.install({ '/me': 1 });
    boot.clear();
    expect(boot.take('/me')).toEqual({ hit: false });
  });

  it('reads the block once and ignores one it cannot read', () => {
    const data = { userId: 'u1', sessionTag: 'ab', responses: { '/me': { id: 'u1' } } };
    embed(JSON.stringify(data));
    expect(takeBootData(document)).toEqual(data);
    expect(document.getElementById(BOOT_DATA_ELEMENT_ID)).toBeNull();
    expect(takeBootData(document)).toBeNull();
    for (const text of [
      '{"userId":',
      '{"responses":{}}',
      '{"userId":"u","responses":{}}',
      '[]',
      'null',
      '{"userId":"u","sessionTag":"t","responses":3}',
    ]) {
      embed(text);
      expect(takeBootData(document), text).toBeNull();
      expect(document.getElementById(BOOT_DATA_ELEMENT_ID)).toBeNull();
    }
    expect(takeBootData(undefined)).toBeNull();
  });
});

describe('the session tag', () => {
  it('is the server’s: SHA-256 of the prefix and the token, 32 hex digits', async () => {
    const expected = createHash('sha256').update('fanspace-boot:tok-1').digest('hex').slice(0, 32);
    expect(await sessionTagOf('tok-1')).toBe(expected);
    expect(await sessionTagOf('tok-2')).not.toBe(expected);
  });

  it('is null without WebCrypto, so the block is not used', async () => {
    const broken = { digest: () => Promise.reject(new Error('no')) } as unknown as SubtleCrypto;
    expect(await sessionTagOf('tok-1', broken)).toBeNull();
    expect(await sessionTagOf('tok-1', null)).toBeNull();
  });
});

describe('http client with boot responses', () => {
  it('answers the first GET of an embedded URL without the network, then asks', async () => {
    const h = createHarness();
    h.runtime.boot.install({ '/posts?limit=20&offset=0': { from: 'html' } });
    h.fetch.mockResolvedValue(json({ from: 'network' }));
    expect(await h.api.get('/posts', { query: { limit: 20, offset: 0 } })).toEqual({
      from: 'html',
    });
    expect(h.fetch).not.toHaveBeenCalled();
    expect(await h.api.get('/posts', { query: { limit: 20, offset: 0 } })).toEqual({
      from: 'network',
    });
    expect(h.fetch).toHaveBeenCalledTimes(1);
  });

  it('drops the answers after a write; never answers text, blobs or another token', async () => {
    const h = createHarness();
    h.fetch.mockImplementation(async () => json({ from: 'network' }));
    h.runtime.boot.install({ '/a': { from: 'html' }, '/b': { from: 'html' } });
    expect(await h.api.get('/a', { responseType: 'text' })).toBe('{"from":"network"}');
    expect(await h.api.get('/b', { token: 'temp-token' })).toEqual({ from: 'network' });
    await h.api.post('/likes', {});
    expect(await h.api.get('/a')).toEqual({ from: 'network' });
    expect(await h.api.get('/b')).toEqual({ from: 'network' });
    expect(h.fetch).toHaveBeenCalledTimes(5);
  });

  it('keeps the auth gate: nothing but the session check before it opens', async () => {
    const h = createHarness();
    h.session.ready = false;
    h.runtime.boot.install({ '/users/me': { id: 'u1' }, '/posts': { posts: [] } });
    await expect(h.api.get('/posts')).rejects.toMatchObject({ code: 'AUTH_NOT_READY' });
    expect(await h.api.get('/users/me')).toEqual({ id: 'u1' });
  });

  it('sends nothing while installed exclusive (the server’s render), until cleared', async () => {
    const h = createHarness();
    h.runtime.boot.install({ '/users/me': { id: 'u1' } }, { exclusive: true });
    expect(h.runtime.boot.exclusive()).toBe(true);
    expect(await h.api.get('/users/me')).toEqual({ id: 'u1' });
    await expect(h.api.get('/posts')).rejects.toMatchObject({
      code: 'CONFIG',
      message: SERVER_RENDER_MESSAGE,
    });
    await expect(h.api.post('/likes', {})).rejects.toMatchObject({ code: 'CONFIG' });
    expect(h.fetch).not.toHaveBeenCalled();
    h.runtime.boot.clear();
    expect(h.runtime.boot.exclusive()).toBe(false);
    expect(await h.api.get('/posts')).toEqual({ ok: true });
    expect(h.fetch).toHaveBeenCalledTimes(1);
  });
});
