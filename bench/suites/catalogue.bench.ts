import { Client } from 'pg';
import { BenchContext, BenchSuite } from '../bench-suite';

/** Size of the generated catalogue; generation is skipped when it is already there. */
const CATALOGUE_SIZE = 200_000;
const BATCH_SIZE = 1_000;
/** The generated products' PLU codes live in their own code list so they never collide with real data. */
const LIST_CODE = 'BENCH';

/** Products with two PLU ids each (BENCH and GLOBAL lists) and a EUR price, inserted in bulk with SQL. */
async function ensureCatalogue(databaseUrl: string, log: BenchContext['log']): Promise<void> {
  const client = new Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const existing = Number(
      (await client.query<{ n: string }>(`SELECT count(*) AS n FROM product_plu_ids WHERE list_code = $1`, [LIST_CODE])).rows[0].n,
    );
    if (existing >= CATALOGUE_SIZE) return;
    log(`Generating ${CATALOGUE_SIZE} products...`);
    const started = Date.now();
    await client.query('BEGIN');
    await client.query(
      `INSERT INTO products (product_id, name, code)
       SELECT md5('bench-product-' || i), 'Bench product ' || i, 'BP' || i FROM generate_series(1, $1) AS i
       ON CONFLICT DO NOTHING`,
      [CATALOGUE_SIZE],
    );
    await client.query(
      `INSERT INTO product_plu_ids (list_code, code, product_id)
       SELECT $2, 'BP-' || i, md5('bench-product-' || i) FROM generate_series(1, $1) AS i
       UNION ALL
       SELECT 'GLOBAL', 'bench-g-' || i, md5('bench-product-' || i) FROM generate_series(1, $1) AS i
       ON CONFLICT DO NOTHING`,
      [CATALOGUE_SIZE, LIST_CODE],
    );
    await client.query(
      `INSERT INTO product_prices (product_id, currency_id, value)
       SELECT md5('bench-product-' || i), (SELECT currency_id FROM currencies WHERE code = 'EUR'), (i % 10000) / 100.0
         FROM generate_series(1, $1) AS i
       ON CONFLICT DO NOTHING`,
      [CATALOGUE_SIZE],
    );
    await client.query('COMMIT');
    await client.query('ANALYZE products, product_plu_ids, product_prices');
    log(`Generated in ${((Date.now() - started) / 1000).toFixed(1)}s`);
  } finally {
    await client.end();
  }
}

/** A re-sync of 1,000 existing products matched by their BENCH PLU ids; each `round` changes names and prices. */
function resyncBody(currencyId: string, round: number): string {
  const products = Array.from({ length: BATCH_SIZE }, (_, i) => ({
    name: `Bench product ${i + 1} (sync ${round})`,
    plu_ids: [{ list_code: LIST_CODE, code: `BP-${i + 1}` }],
    prices: [{ currency_id: currencyId, value: round + i / 100 }],
  }));
  return JSON.stringify({ products });
}

/** The product catalogue at 200,000 products: batch upsert and lookup by PLU code. */
export const catalogueSuite: BenchSuite = {
  name: 'catalogue',
  async prepare({ api, auth, databaseUrl, log }) {
    await ensureCatalogue(databaseUrl, log);
    const currencies = await fetch(`${api}/currencies?currency_code=EUR`, { headers: auth });
    const currencyId = ((await currencies.json()) as { data: { currencies: { currency_id: string }[] } }).data.currencies[0].currency_id;
    const headers = { ...auth, 'content-type': 'application/json' };
    // Timed one at a time first, each changing every product (the load run below re-sends one body, so after
    // its first request it measures a re-sync in which nothing changed). A failing batch shows its answer here.
    const timings: number[] = [];
    for (let round = 1; round <= 5; round++) {
      const started = Date.now();
      const response = await fetch(`${api}/products/batch`, { method: 'POST', headers, body: resyncBody(currencyId, round) });
      if (response.status !== 204) throw new Error(`Product batch failed: ${response.status} ${await response.text()}`);
      timings.push(Date.now() - started);
    }
    log(`${BATCH_SIZE}-product batch upsert changing every product, one at a time: ${timings.join(', ')} ms`);
    const body = resyncBody(currencyId, 0);
    // Batches last: requests still queued behind the batch lock when a run ends would slow the next one.
    return [
      {
        name: 'GET /products by PLU code in a list',
        url: `${api}/products?external_id=BP-123456&external_type_code=${LIST_CODE}`,
        headers: auth,
      },
      { name: 'GET /products by PLU code, any list', url: `${api}/products?external_id=bench-g-154321`, headers: auth },
      { name: 'GET /products by name part', url: `${api}/products?name=product%20199999&count=10`, headers: auth },
      { name: `POST /products/batch (${BATCH_SIZE}, unchanged)`, url: `${api}/products/batch`, method: 'POST', headers, body },
    ];
  },
};
