import { readFileSync } from 'node:fs';
import Fastify from 'fastify';
import type { RushAnswers } from './rush-parents.ts';

/**
 * The floor under the rush bench: Fastify with nothing else, answering the rush's three requests
 * with the bytes the real API sent in the rush before (BARE_BODIES: a JSON file with `held`,
 * `waitlisted`, `initiate` and `pay`). It reads each JSON body, as the API does, and gives the
 * first BARE_SEATS enrollments it sees in a program a seat and the rest a waitlist place, so
 * about as many parents go on to pay as in the real rush. No session, database or gateway: what is left is HTTP and the load
 * generator. Started by bench/rush.bench.ts, one per port like the API.
 */
const bodies = JSON.parse(readFileSync(process.env.BARE_BODIES!, 'utf8')) as RushAnswers;
const seats = Number(process.env.BARE_SEATS);
const takenByProgram = new Map<string, number>();
const app = Fastify({ logger: false });
const json = 'application/json; charset=utf-8';
app.get('/health', async () => ({ ok: true }));
app.post<{ Body: { programId: string } }>('/api/enrollments/create', (request, reply) => {
  const taken = takenByProgram.get(request.body.programId) ?? 0;
  takenByProgram.set(request.body.programId, taken + 1);
  return reply.type(json).send(taken < seats ? bodies.held : bodies.waitlisted);
});
app.post('/api/stripe-single-payment/initiate', (_request, reply) => reply.type(json).send(bodies.initiate));
app.post('/api/sandbox/checkout/pay', (_request, reply) => reply.type(json).send(bodies.pay));
// As the API listens (apps/api/src/server.ts): a thousand connections at once fit the queue.
await app.listen({ port: Number(process.env.PORT), host: '127.0.0.1', backlog: 4096 });
