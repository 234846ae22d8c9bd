import Fastify from 'fastify';

// The baseline: a bare Fastify route in its own process, like the app under test.
const app = Fastify();
app.get('/hello', async () => ({ hello: 'world' }));
await app.listen({ port: 0, host: '127.0.0.1' });
const address = app.server.address();
process.send?.({ port: typeof address === 'object' && address ? address.port : 0 });
process.on('disconnect', () => void app.close().then(() => process.exit(0)));
