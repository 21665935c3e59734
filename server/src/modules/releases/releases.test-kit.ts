import type { TestServer } from '../../../test/harness.ts';

/** A release row written directly (no files stored), for tests of modules that name releases. */
export async function signedRelease(
  server: TestServer,
  creatorId: string,
  status: 'signed' | 'pending' | 'revoked' = 'signed',
): Promise<string> {
  const row = await server.ctx.db
    .insertInto('model_releases')
    .values({
      creator_id: creatorId,
      status,
      model_name: 'Co Performer',
      model_dob: '1990-01-01',
      id_front_key: 'private/releases/test/front.webp',
      holding_id_key: 'private/releases/test/holding.webp',
      signature_data_url: 'data:image/png;base64,AAAA',
      signed_at: new Date(),
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}
