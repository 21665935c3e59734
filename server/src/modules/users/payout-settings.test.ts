import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createCreator, createUser, tokenFor } from '../../../test/factories.ts';
import { createTestServer, type TestServer } from '../../../test/harness.ts';
import { createDataCipher, getDataCipher } from '../../platform/crypto/data-encryption.ts';
import { readBankDetails } from './payout-settings.service.ts';

let server: TestServer;

beforeAll(async () => {
  server = await createTestServer();
});
afterAll(() => server.close());

const IBAN = 'DE89 3704 0044 0532 0130 00';

const put = (headers: Record<string, string>, payload: Record<string, unknown>) =>
  server.app.inject({ method: 'PUT', url: '/api/users/me/payout-settings', headers, payload });

describe('payout settings', () => {
  it('stores bank details encrypted and shows only the last four', async () => {
    const creator = await createCreator(server.ctx);
    const headers = bearer(await tokenFor(server.ctx, creator));
    const empty = await server.app.inject({ url: '/api/users/me/payout-settings', headers });
    expect(empty.json()).toMatchObject({ configured: false, last4: null });

    const res = await put(headers, {
      method: 'bank_transfer',
      accountHolder: 'Maya Lens',
      country: 'de',
      currency: 'eur',
      iban: IBAN,
      bic: 'COBADEFFXXX',
    });
    expect(res.statusCode).toBe(200);
    const view = res.json();
    expect(view).toMatchObject({
      configured: true,
      method: 'bank_transfer',
      accountHolder: 'Maya Lens',
      country: 'DE',
      currency: 'EUR',
      accountType: 'iban',
      last4: '3000',
    });
    expect(JSON.stringify(view)).not.toContain('0532013000');
    const get = await server.app.inject({ url: '/api/users/me/payout-settings', headers });
    expect(get.json()).toEqual(view);

    const row = await server.ctx.db
      .selectFrom('payout_settings')
      .selectAll()
      .where('user_id', '=', creator.id)
      .executeTakeFirstOrThrow();
    expect(row.details_encrypted).toMatch(/^v1\./);
    expect(row.details_encrypted).not.toContain('DE89');
    expect(await readBankDetails(server.ctx, creator.id)).toEqual({
      iban: 'DE89370400440532013000',
      bic: 'COBADEFFXXX',
    });

    // a domestic account replaces it
    const us = await put(headers, {
      accountHolder: 'Maya Lens',
      country: 'US',
      accountNumber: '000123456789',
      routingNumber: '021000021',
    });
    expect(us.json()).toMatchObject({ accountType: 'account', last4: '6789', country: 'US' });
    expect(await readBankDetails(server.ctx, creator.id)).toEqual({
      accountNumber: '000123456789',
      routingNumber: '021000021',
    });
  });

  it('validates the details with clear messages', async () => {
    const headers = bearer(await tokenFor(server.ctx, await createCreator(server.ctx)));
    const base = { accountHolder: 'Maya Lens', country: 'DE' };
    const cases: Array<[Record<string, unknown>, string]> = [
      [{ ...base, iban: 'DE89370400440532013001' }, 'iban'],
      [{ ...base, iban: 'not an iban' }, 'iban'],
      [{ ...base }, 'iban'],
      [{ ...base, iban: IBAN, accountNumber: '1234', routingNumber: '021000021' }, 'iban'],
      [{ ...base, accountNumber: '1234567' }, 'routingNumber'],
      [
        { ...base, country: 'US', accountNumber: '1234567', routingNumber: '123456789' },
        'routingNumber',
      ],
      [{ ...base, iban: IBAN, bic: 'XX' }, 'bic'],
      [{ ...base, country: '12', iban: IBAN }, 'country'],
      [{ ...base, accountHolder: ' \u0000 ', iban: IBAN }, 'accountHolder'],
    ];
    for (const [payload, field] of cases) {
      const res = await put(headers, payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(res.json().field).toBe(field);
    }
    expect((await put(headers, { ...base, iban: IBAN, method: 'crypto' })).statusCode).toBe(400);
  });

  it('is for creators only and per account', async () => {
    const fan = bearer(await tokenFor(server.ctx, await createUser(server.ctx)));
    const res = await put(fan, { accountHolder: 'Fan', country: 'DE', iban: IBAN });
    expect(res.statusCode).toBe(403);
    // another creator sees their own (empty) settings, never someone else's
    const other = bearer(await tokenFor(server.ctx, await createCreator(server.ctx)));
    const view = await server.app.inject({ url: '/api/users/me/payout-settings', headers: other });
    expect(view.json().configured).toBe(false);
  });
});

describe('data encryption', () => {
  it('round-trips, binds the ciphertext to its row and detects tampering', () => {
    const cipher = createDataCipher('k'.repeat(32));
    const sealed = cipher.encrypt('secret', 'row-1');
    expect(sealed).not.toContain('secret');
    expect(cipher.encrypt('secret', 'row-1')).not.toBe(sealed);
    expect(cipher.decrypt(sealed, 'row-1')).toBe('secret');
    expect(() => cipher.decrypt(sealed, 'row-2')).toThrow();
    const [v, iv, tag, body] = sealed.split('.');
    const flipped = Buffer.from(body!, 'base64url');
    flipped[0] = flipped[0]! ^ 1;
    expect(() =>
      cipher.decrypt([v, iv, tag, flipped.toString('base64url')].join('.'), 'row-1'),
    ).toThrow();
    expect(() => createDataCipher('j'.repeat(32)).decrypt(sealed, 'row-1')).toThrow();
  });

  it('generates a key under DATA_DIR once when DATA_ENCRYPTION_KEY is unset', () => {
    const dataDir = fs.mkdtempSync('/tmp/fanspace-key-');
    try {
      const sealed = getDataCipher({ dataDir, DATA_ENCRYPTION_KEY: undefined }).encrypt('x', 'a');
      const file = path.join(dataDir, 'secrets', 'data-encryption.key');
      expect(fs.statSync(file).mode & 0o777).toBe(0o600);
      // a new process (new config object) reads the same key back
      expect(getDataCipher({ dataDir, DATA_ENCRYPTION_KEY: undefined }).decrypt(sealed, 'a')).toBe(
        'x',
      );
    } finally {
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  });
});
