import fastify from 'fastify';
import { AddressInfo } from 'node:net';
import { Measurement } from '../bench-suite';
import { measureHttp } from '../http-load-runner';
import { StatementTally } from '../statement-counter';

/**
 * Measures a bare Fastify route returning `body`, a fixed object that Fastify serializes on each request
 * as any route returning data does: HTTP, Fastify and JSON alone.
 */
export async function measureFixedBody(name: string, body: object): Promise<Measurement> {
  const server = fastify();
  server.get('/', async () => body);
  await server.listen({ port: 0, host: '127.0.0.1' });
  try {
    const url = `http://127.0.0.1:${(server.server.address() as AddressInfo).port}/`;
    // A route without a database: its tally stays at zero.
    return await measureHttp({ name, url }, new StatementTally());
  } finally {
    await server.close();
  }
}
