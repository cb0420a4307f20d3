import { BenchSuite } from '../bench-suite';

/** Authentication and reference-data reads: what every request pays for. */
export const platformSuite: BenchSuite = {
  name: 'platform',
  async prepare({ api, auth, loginBody }) {
    // The store every installation starts with.
    const stores = await fetch(`${api}/stores?count=1`, { headers: auth });
    const storeId = ((await stores.json()) as { data: { stores: { store_id: string }[] } }).data.stores[0].store_id;
    return [
      {
        name: 'POST /users/actions/login',
        url: `${api}/users/actions/login`,
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: loginBody,
      },
      { name: 'GET /countries', url: `${api}/countries`, headers: auth },
      { name: 'GET /stores/{store_id}', url: `${api}/stores/${storeId}`, headers: auth },
    ];
  },
};
