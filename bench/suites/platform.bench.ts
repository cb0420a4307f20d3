import { NestFastifyApplication } from '@nestjs/platform-fastify';
import { AddressInfo } from 'node:net';
import { ApiInterface, INTERFACE_BASE_PATHS } from '@tessera/http';
import { AppConfig } from '../../src/config/app-config';
import { closeGracefully, createHttpApp } from '../../src/http/create-http-app';
import { BenchContext, BenchSuite } from '../bench-suite';

const instances: NestFastifyApplication[] = [];

/** Another instance on the same database with other settings; returns its enterprise API base URL. */
async function startInstance(context: BenchContext, overrides: Partial<AppConfig>): Promise<string> {
  const app = await createHttpApp({ config: { ...context.config, ...overrides }, databaseUrl: context.databaseUrl });
  instances.push(app);
  await app.listen({ port: 0, host: '127.0.0.1' });
  const port = (app.getHttpServer().address() as AddressInfo).port;
  return `http://127.0.0.1:${port}/${INTERFACE_BASE_PATHS[ApiInterface.Enterprise]}`;
}

/**
 * Authentication and reference-data reads: what every request pays for. `GET /countries` runs twice, on
 * the main instance (no caching) and on a second instance of the same database with it cached, so the
 * table shows what the response cache saves; with REDIS_URL set, a third instance caches in Redis.
 */
export const platformSuite: BenchSuite = {
  name: 'platform',
  async prepare(context) {
    const { api, auth, loginBody } = context;
    // The store every installation starts with.
    const stores = await fetch(`${api}/stores?count=1`, { headers: auth });
    const storeId = ((await stores.json()) as { data: { stores: { store_id: string }[] } }).data.stores[0].store_id;

    const cacheTtls = { '/countries': 3600 };
    const cachedApi = await startInstance(context, { cacheTtls, redisUrl: '' });
    const redisUrl = process.env.REDIS_URL;
    const redisCachedApi = redisUrl ? await startInstance(context, { cacheTtls, redisUrl }) : undefined;
    return [
      {
        name: 'POST /users/actions/login',
        url: `${api}/users/actions/login`,
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: loginBody,
      },
      { name: 'GET /countries (caching off)', url: `${api}/countries`, headers: auth, baseline: 'countries-json' },
      { name: 'GET /countries?count=100 (caching off)', url: `${api}/countries?count=100`, headers: auth, baseline: 'countries-json' },
      { name: 'GET /countries (cached in memory)', url: `${cachedApi}/countries`, headers: auth, baseline: 'countries-json' },
      ...(redisCachedApi
        ? [
            {
              name: 'GET /countries (cached in Redis)',
              url: `${redisCachedApi}/countries`,
              headers: auth,
              baseline: 'countries-json' as const,
            },
          ]
        : []),
      { name: 'GET /stores/{store_id}', url: `${api}/stores/${storeId}`, headers: auth, baseline: 'nest-pg-select' },
    ];
  },
  async dispose() {
    for (const app of instances.splice(0)) await closeGracefully(app);
  },
};
