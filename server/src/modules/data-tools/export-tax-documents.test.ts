import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestServer, type TestServer } from '../../../test/harness.ts';
import { multipartBody } from '../../../test/images.ts';
import { getFileStorage } from '../../platform/storage/file-storage.ts';
import { buildPdf } from '../commerce/pdf.ts';
import { actor, exportZip, type Actor } from './data-tools.test-kit.ts';
import { mediaMimeOf } from './import-archive.ts';

let server: TestServer;
beforeAll(async () => {
  server = await createTestServer({ worker: true });
});
afterAll(() => server.close());

async function uploadTaxDocument(who: Actor, file: Buffer, title: string) {
  const body = await multipartBody({ file }, { year: '2025', title });
  const res = await server.app.inject({
    method: 'POST',
    url: '/api/tax-documents',
    headers: { ...who.headers, ...body.headers },
    payload: body.payload,
  });
  if (res.statusCode !== 201) throw new Error(`tax upload failed: ${res.body}`);
  return (res.json() as { id: string }).id;
}

describe('data export: uploaded tax documents', () => {
  it("carries the creator's uploaded files byte for byte, and none of another user's", async () => {
    const creator = await actor(server, 'creator');
    const other = await actor(server, 'creator');
    const mine = buildPdf([[{ text: 'W-9 of the creator', x: 50, y: 60 }]], 'W-9');
    const theirs = buildPdf([[{ text: 'SECRET-OTHER-W9', x: 50, y: 60 }]], 'W-9');
    const id = await uploadTaxDocument(creator, mine, 'My W-9');
    const otherId = await uploadTaxDocument(other, theirs, 'Their W-9');

    const { files } = await exportZip(server, creator, 'all', 'json');
    const inZip = files.get(`tax-documents/${id}.pdf`);
    expect(inZip).toBeDefined();
    expect(inZip!.equals(mine)).toBe(true);
    expect([...files.keys()].filter((k) => k.startsWith('tax-documents/'))).toEqual([
      `tax-documents/${id}.pdf`,
    ]);
    // the data row points at the file, the manifest lists it
    const rows = JSON.parse(files.get('data/tax_documents.json')!.toString()) as Array<{
      id: string;
      file: string;
    }>;
    expect(rows).toEqual([expect.objectContaining({ id, file: `tax-documents/${id}.pdf` })]);
    const manifest = JSON.parse(files.get('manifest.json')!.toString()) as {
      entries: Array<{ path: string; taxDocumentId?: string }>;
      missing: string[];
    };
    expect(manifest.entries).toContainEqual({ path: `tax-documents/${id}.pdf`, taxDocumentId: id });
    expect(manifest.missing).toEqual([]);

    const everything = [...files.values()].map((b) => b.toString('latin1')).join('\n');
    expect(everything.includes(otherId)).toBe(false);
    expect(everything.includes('SECRET-OTHER-W9')).toBe(false);
    expect(everything.includes(theirs.toString('latin1'))).toBe(false);
  }, 120_000);

  it('names a file missing from storage in the manifest instead of failing', async () => {
    const creator = await actor(server, 'creator');
    const id = await uploadTaxDocument(
      creator,
      buildPdf([[{ text: 'gone', x: 50, y: 60 }]], 'gone'),
      'Gone',
    );
    const { storage_key } = await server.ctx.db
      .selectFrom('tax_documents')
      .select('storage_key')
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    await getFileStorage(server.ctx.config).delete(storage_key);
    const { files } = await exportZip(server, creator, 'all', 'json');
    expect(files.has(`tax-documents/${id}.pdf`)).toBe(false);
    const manifest = JSON.parse(files.get('manifest.json')!.toString()) as { missing: string[] };
    expect(manifest.missing).toEqual([`tax-documents/${id}.pdf`]);
  }, 120_000);

  it('leaves tax documents out of the narrower export types', async () => {
    const creator = await actor(server, 'creator');
    await uploadTaxDocument(creator, buildPdf([[{ text: 'x', x: 50, y: 60 }]], 'x'), 'X');
    const { files } = await exportZip(server, creator, 'posts', 'json');
    expect([...files.keys()].some((k) => k.startsWith('tax-documents/'))).toBe(false);
  });

  it('a media import of such a zip leaves the tax documents out of the vault', () => {
    expect(mediaMimeOf('tax-documents/3f1c.png')).toBeNull();
    expect(mediaMimeOf('tax-documents/3f1c.jpg')).toBeNull();
    expect(mediaMimeOf('media/3f1c.png')).toBe('image/png');
  });
});
