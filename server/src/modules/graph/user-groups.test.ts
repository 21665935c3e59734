import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestServer, type TestServer } from '../../../test/harness.ts';
import { actor, call } from './test-kit.ts';

let server: TestServer;
beforeAll(async () => {
  server = await createTestServer();
});
afterAll(() => server.close());

describe('user groups', () => {
  it('creates, lists, updates and deletes the owner’s groups', async () => {
    const owner = await actor(server, 'creator');
    const [a, b, c] = await Promise.all([actor(server), actor(server), actor(server)]);
    const created = await call(server, owner, 'POST', '/user-groups', {
      name: '  VIPs ',
      memberIds: [b.user.id, a.user.id, b.user.id],
    });
    expect(created.status).toBe(201);
    expect(created.body.group).toMatchObject({
      name: 'VIPs',
      memberIds: [b.user.id, a.user.id],
      memberCount: 2,
    });
    const id = created.body.group.id;
    await call(server, owner, 'POST', '/user-groups', { name: 'Empty' });

    const list = await call(server, owner, 'GET', '/user-groups');
    expect(list.body.groups.map((g: { name: string }) => g.name)).toEqual(['VIPs', 'Empty']);

    const renamed = await call(server, owner, 'PUT', `/user-groups/${id}`, { name: 'Top fans' });
    expect(renamed.body.group).toMatchObject({ name: 'Top fans', memberCount: 2 });
    const replaced = await call(server, owner, 'PUT', `/user-groups/${id}`, {
      memberIds: [c.user.id],
    });
    expect(replaced.body.group).toMatchObject({ name: 'Top fans', memberIds: [c.user.id] });

    expect((await call(server, owner, 'DELETE', `/user-groups/${id}`)).body).toEqual({ ok: true });
    expect((await call(server, owner, 'DELETE', `/user-groups/${id}`)).status).toBe(404);
    expect((await call(server, owner, 'GET', '/user-groups')).body.groups).toHaveLength(1);
  });

  it('hides groups from everyone but the owner (404 with another user’s group id)', async () => {
    const owner = await actor(server);
    const intruder = await actor(server);
    const { body } = await call(server, owner, 'POST', '/user-groups', { name: 'Mine' });
    const id = body.group.id;
    expect((await call(server, intruder, 'GET', '/user-groups')).body.groups).toEqual([]);
    const put = await call(server, intruder, 'PUT', `/user-groups/${id}`, { name: 'Ours' });
    expect(put).toMatchObject({ status: 404, body: { code: 'NOT_FOUND' } });
    expect((await call(server, intruder, 'DELETE', `/user-groups/${id}`)).status).toBe(404);
    expect((await call(server, owner, 'GET', '/user-groups')).body.groups[0].name).toBe('Mine');
    expect((await call(server, null, 'GET', '/user-groups')).status).toBe(401);
  });

  it('validates names, member ids and group ids', async () => {
    const owner = await actor(server);
    const blocked = await actor(server);
    await call(server, owner, 'POST', `/users/${blocked.user.id}/block`);
    const unknown = randomUUID();
    const cases: Array<[string, string, Record<string, unknown>]> = [
      ['POST', '/user-groups', { name: '   ' }],
      ['POST', '/user-groups', { name: '' }],
      ['POST', '/user-groups', { name: 'x', memberIds: ['not-a-uuid'] }],
      ['POST', '/user-groups', { name: 'x', memberIds: [unknown] }],
      ['POST', '/user-groups', { name: 'x', memberIds: [owner.user.id] }],
      ['POST', '/user-groups', { name: 'x', memberIds: [blocked.user.id] }],
      ['PUT', '/user-groups/nope', { name: 'x' }],
    ];
    for (const [method, url, payload] of cases) {
      const res = await call(server, owner, method as 'POST' | 'PUT', url, payload);
      expect(res.status, JSON.stringify(payload)).toBe(400);
      expect(res.body.code).toBe('VALIDATION_FAILED');
    }
    const res = await call(server, owner, 'POST', '/user-groups', {
      name: 'x',
      memberIds: [unknown],
    });
    expect(res.body.invalidMemberIds).toEqual([unknown]);
    const { body } = await call(server, owner, 'POST', '/user-groups', { name: 'ok' });
    const empty = await call(server, owner, 'PUT', `/user-groups/${body.group.id}`, {});
    expect(empty.status).toBe(400);
  });

  it('drops the pair from each other’s groups on a block', async () => {
    const owner = await actor(server);
    const member = await actor(server);
    const { body } = await call(server, owner, 'POST', '/user-groups', {
      name: 'Friends',
      memberIds: [member.user.id],
    });
    const theirs = await call(server, member, 'POST', '/user-groups', {
      name: 'Also friends',
      memberIds: [owner.user.id],
    });
    await call(server, member, 'POST', `/users/${owner.user.id}/block`);
    const mine = await call(server, owner, 'GET', '/user-groups');
    expect(mine.body.groups).toMatchObject([{ id: body.group.id, memberIds: [], memberCount: 0 }]);
    const other = await call(server, member, 'GET', '/user-groups');
    expect(other.body.groups).toMatchObject([{ id: theirs.body.group.id, memberIds: [] }]);
  });
});
