import { NestFactory } from '@nestjs/core';
import { FastifyAdapter, NestFastifyApplication } from '@nestjs/platform-fastify';
import fastify from 'fastify';
import { readFileSync } from 'node:fs';
import { AddressInfo } from 'node:net';
import { Pool } from 'pg';
import { CustomerSelectModule } from '../baselines/customer-select-baseline';

/**
 * A bare baseline server in a process of its own, on HTTPS with the deployed server's certificate:
 * `countries <cert> <key> <body.json>` serves a fixed body from bare Fastify, `customer-select <cert> <key>
 * <database url> <pool size>` one customer's point SELECT through `pg` from a bare NestJS app. It prints
 * its port, then serves until it is stopped.
 */
async function main(): Promise<void> {
  const [kind, certFile, keyFile, ...rest] = process.argv.slice(2);
  const https = { cert: readFileSync(certFile), key: readFileSync(keyFile) };
  let port: number;
  if (kind === 'countries') {
    const body = JSON.parse(readFileSync(rest[0], 'utf8')) as object;
    const server = fastify({ https });
    server.get('/', async () => body);
    await server.listen({ port: 0, host: '127.0.0.1' });
    port = (server.server.address() as AddressInfo).port;
  } else if (kind === 'customer-select') {
    const pool = new Pool({ connectionString: rest[0], max: Number(rest[1]) });
    const app = await NestFactory.create<NestFastifyApplication>(CustomerSelectModule.withPool(pool), new FastifyAdapter({ https }), {
      logger: false,
    });
    await app.listen({ port: 0, host: '127.0.0.1' });
    port = (app.getHttpServer().address() as AddressInfo).port;
  } else {
    throw new Error(`Unknown baseline server ${kind}`);
  }
  process.stdout.write(`listening ${port}\n`);
}

main().catch((error: unknown) => {
  process.stderr.write(`${error instanceof Error ? error.stack : String(error)}\n`);
  process.exit(1);
});
