import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestServer, type TestServer } from '../../../test/harness.ts';
import { multipartBody } from '../../../test/images.ts';
import { actor, jpeg, type Actor } from '../posts/posts.test-kit.ts';
import { fund, pay } from '../payments/payments.test-kit.ts';
import { adminActor } from './commerce.test-kit.ts';
import { buildPdf, pdfText } from './pdf.ts';

let server: TestServer;
let fan: Actor;
let creator: Actor;
let other: Actor;
let admin: Actor;

beforeAll(async () => {
  server = await createTestServer();
  [fan, creator, other, admin] = await Promise.all([
    actor(server),
    actor(server, 'creator'),
    actor(server, 'creator'),
    adminActor(server),
  ]);
});
afterAll(() => server.close());

async function upload(who: Actor, file: Buffer, fields: Record<string, string>) {
  const body = await multipartBody({ file }, fields);
  const res = await server.app.inject({
    method: 'POST',
    url: '/api/tax-documents',
    headers: { ...who.headers, ...body.headers },
    payload: body.payload,
  });
  return { status: res.statusCode, body: res.json() };
}

const get = (who: Actor | null, url: string) =>
  server.app.inject({ method: 'GET', url: `/api${url}`, headers: who?.headers ?? {} });

describe('tax document uploads', () => {
  it('stores a PDF privately: the owner and admins download it, nobody else', async () => {
    const pdf = buildPdf([[{ text: 'W-9', x: 50, y: 60 }]], 'W-9');
    const res = await upload(creator, pdf, { year: '2025', title: 'W-9 form' });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({
      year: 2025,
      title: 'W-9 form',
      contentType: 'application/pdf',
      size: pdf.length,
    });
    const own = await get(creator, `/tax-documents/${res.body.id}/file`);
    expect(own.statusCode).toBe(200);
    expect(own.headers['cache-control']).toBe('private, no-store');
    expect(own.rawPayload.equals(pdf)).toBe(true);
    expect((await get(admin, `/tax-documents/${res.body.id}/file`)).statusCode).toBe(200);
    expect((await get(other, `/tax-documents/${res.body.id}/file`)).statusCode).toBe(404);
    expect((await get(fan, `/tax-documents/${res.body.id}/file`)).statusCode).toBe(404);
    expect((await get(null, `/tax-documents/${res.body.id}/file`)).statusCode).toBe(401);

    const list = await pay(server, creator, 'GET', '/tax-documents');
    expect(list.body.documents.map((d: { id: string }) => d.id)).toContain(res.body.id);
    const theirs = await pay(server, other, 'GET', `/tax-documents?userId=${creator.user.id}`);
    expect(theirs.body.documents).toEqual([]);
    const adminView = await pay(server, admin, 'GET', `/tax-documents?userId=${creator.user.id}`);
    expect(adminView.body.documents.map((d: { id: string }) => d.id)).toContain(res.body.id);
    const alias = await pay(server, admin, 'GET', `/tax-documents?creatorId=${creator.user.id}`);
    expect(alias.body).toEqual(adminView.body);

    // read by id: the list's item, to the owner and admins; anyone else or a bad id: 404
    const listed = list.body.documents.find((d: { id: string }) => d.id === res.body.id);
    const one = await pay(server, creator, 'GET', `/tax-documents/${res.body.id}`);
    expect(one).toMatchObject({ status: 200, body: listed });
    expect((await pay(server, admin, 'GET', `/tax-documents/${res.body.id}`)).status).toBe(200);
    for (const [who, id] of [
      [other, res.body.id],
      [fan, res.body.id],
      [creator, 'not-a-uuid'],
    ] as const)
      expect(await pay(server, who, 'GET', `/tax-documents/${id}`)).toMatchObject({
        status: 404,
        body: { code: 'TAX_DOCUMENT_NOT_FOUND', message: 'Tax document not found' },
      });

    expect((await pay(server, other, 'DELETE', `/tax-documents/${res.body.id}`)).status).toBe(404);
    expect((await pay(server, creator, 'DELETE', `/tax-documents/${res.body.id}`)).status).toBe(
      200,
    );
    expect((await get(creator, `/tax-documents/${res.body.id}/file`)).statusCode).toBe(404);
  });

  it('takes images, refuses other files, bad years and fans', async () => {
    const image = await upload(creator, await jpeg(), { year: '2024' });
    expect(image).toMatchObject({
      status: 201,
      body: { contentType: 'image/jpeg', title: 'Tax document 2024' },
    });
    const text = await upload(creator, Buffer.from('<html>not a pdf</html>'), { year: '2024' });
    expect(text).toMatchObject({ status: 400, body: { field: 'file' } });
    for (const year of ['1999', '3000', 'abc', ''])
      expect((await upload(creator, await jpeg(), { year })).body.field).toBe('year');
    expect((await upload(fan, await jpeg(), { year: '2024' })).status).toBe(403);
  });
});

describe('earnings statements', () => {
  it('summarises a year from the ledger as CSV and PDF', async () => {
    await fund(server, fan, 100);
    const tip = await pay(server, fan, 'POST', '/tips', {
      recipientUserId: creator.user.id,
      amount: 25,
      tipType: 'profile',
    });
    expect(tip.status).toBe(201);
    const year = new Date().getUTCFullYear();
    const years = await pay(server, creator, 'GET', '/tax-documents/statements');
    expect(years.body.years[0]).toMatchObject({
      year,
      grossCents: 2500,
      feesCents: 500,
      netCents: 2000,
      refundsCents: 0,
      transactionCount: 1,
    });

    const csv = await get(creator, `/tax-documents/statements/${year}`);
    expect(csv.statusCode).toBe(200);
    expect(csv.headers['content-type']).toContain('text/csv');
    expect(csv.headers['content-disposition']).toContain(`earnings-${year}.csv`);
    expect(csv.body).toContain(`${tip.body.transactionId},tip,Tip (profile),25.00,5.00,20.00`);
    expect(csv.body).toContain('net earnings,,,20.00');

    const pdf = await get(creator, `/tax-documents/statements/${year}?format=pdf`);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    const text = pdf.rawPayload.toString('latin1');
    expect(text.startsWith('%PDF-1.4')).toBe(true);
    expect(text).toContain(`(Earnings statement ${year})`);
    expect(text).toContain('(20.00)');
    // the xref offset points at the xref table
    const startxref = Number(/startxref\n(\d+)/.exec(text)![1]);
    expect(text.slice(startxref, startxref + 4)).toBe('xref');

    const empty = await get(other, `/tax-documents/statements/${year}`);
    expect(empty.body).not.toContain(tip.body.transactionId);
    expect((await get(fan, `/tax-documents/statements/${year}`)).statusCode).toBe(403);
    expect((await get(creator, '/tax-documents/statements/1900')).statusCode).toBe(400);
  });

  it('escapes PDF text', () => {
    expect(pdfText('a(b)c\\ é — ✓')).toBe('a\\(b\\)c\\\\ \\351 - ?');
  });
});
