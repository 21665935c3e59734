import Fastify from 'fastify';

/**
 * The ceiling: a bare Fastify route in a process of its own, started by `run.ts` like the server
 * under test, so the ratio compares two servers loaded by the same autocannon set-up. It prints
 * its port on stdout once listening and exits on SIGTERM.
 */
const app = Fastify();
app.get('/ceiling', async () => ({ ok: true, at: 1 }));
await app.listen({ port: Number(process.env.PORT ?? 0), host: '127.0.0.1' });
const address = app.server.address();
process.stdout.write(`${typeof address === 'object' && address ? address.port : 0}\n`);
process.once('SIGTERM', () => void app.close().then(() => process.exit(0)));
