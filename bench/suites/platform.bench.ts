import { NestFastifyApplication } from '@nestjs/platform-fastify';
import { AddressInfo } from 'node:net';
import { ApiInterface, INTERFACE_BASE_PATHS } from '../../libs/http/src';
import { closeGracefully, createHttpApp } from '../../src/http/create-http-app';
import { BenchSuite } from '../bench-suite';

let cachingInstance: NestFastifyApplication | undefined;

/**
 * Authentication and reference-data reads: what every request pays for. `GET /countries` runs twice, on
 * the main instance (no caching) and on a second instance of the same database with it cached, so the
 * table shows what the response cache saves.
 */
export const platformSuite: BenchSuite = {
  name: 'platform',
  async prepare({ api, auth, loginBody, config, databaseUrl }) {
    // The store every installation starts with.
    const stores = await fetch(`${api}/stores?count=1`, { headers: auth });
    const storeId = ((await stores.json()) as { data: { stores: { store_id: string }[] } }).data.stores[0].store_id;

    cachingInstance = await createHttpApp({ config: { ...config, cacheTtls: { '/countries': 3600 } }, databaseUrl });
    await cachingInstance.listen({ port: 0, host: '127.0.0.1' });
    const port = (cachingInstance.getHttpServer().address() as AddressInfo).port;
    const cachedApi = `http://127.0.0.1:${port}/${INTERFACE_BASE_PATHS[ApiInterface.Enterprise]}`;
    return [
      {
        name: 'POST /users/actions/login',
        url: `${api}/users/actions/login`,
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: loginBody,
      },
      { name: 'GET /countries (caching off)', url: `${api}/countries`, headers: auth },
      { name: 'GET /countries (cached, 1h)', url: `${cachedApi}/countries`, headers: auth },
      { name: 'GET /stores/{store_id}', url: `${api}/stores/${storeId}`, headers: auth },
    ];
  },
  async dispose() {
    if (cachingInstance) await closeGracefully(cachingInstance);
    cachingInstance = undefined;
  },
};
