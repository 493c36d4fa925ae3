import { readFileSync } from 'node:fs';
import Fastify from 'fastify';

/**
 * The floor under the API bench: Fastify with nothing else, answering GET /<name> with the bytes
 * the real route sent (BARE_BODIES: a JSON file of name → body). Started by bench/load-kit.ts.
 */
const bodies = JSON.parse(readFileSync(process.env.BARE_BODIES!, 'utf8')) as Record<string, string>;
const app = Fastify({ logger: false });
app.get('/health', async () => ({ ok: true }));
app.get<{ Params: { name: string } }>('/:name', (request, reply) => {
  const body = bodies[request.params.name];
  if (body === undefined) return reply.code(404).send();
  return reply.type('application/json; charset=utf-8').send(body);
});
await app.listen({ port: Number(process.env.PORT), host: '127.0.0.1' });
