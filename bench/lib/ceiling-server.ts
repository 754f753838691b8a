// The throughput ceiling of server-load: a bare Fastify route answering a constant JSON body, run as its
// own process like the reference server, so both are measured the same way on the same machine.
import Fastify from 'fastify';

const app = Fastify({ logger: false });
app.get('/constant.json', async () => ({ success: true, runtime: 0, ping: 'pong' }));
await app.listen({ port: 0, host: '127.0.0.1' });
const address = app.server.address();
console.log(
  `ceiling listening: http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}/`,
);
process.once('SIGTERM', () => void app.close().then(() => process.exit(0)));
