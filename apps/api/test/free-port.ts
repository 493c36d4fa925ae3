import { createServer, type AddressInfo } from 'node:net';

/** A port nobody holds right now, so a stray server from another run cannot answer for ours. */
export async function freePort() {
  const probe = createServer();
  await new Promise<void>((done) => probe.listen(0, '127.0.0.1', done));
  const { port } = probe.address() as AddressInfo;
  await new Promise((done) => probe.close(done));
  return port;
}
