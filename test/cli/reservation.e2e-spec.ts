import { randomBytes } from 'node:crypto';
import { cliWorkspace, CliWorkspace } from '../support/cli-run';
import { TestApp, TestResponse } from '../support/test-app';

const hex = () => randomBytes(13).toString('hex');

describe('tessera reservable-product, reservation-price, reservation-source, reservation-list-type', () => {
  let t: TestApp;
  let token: string;
  let workspace: CliWorkspace;
  let productId: string;
  let currencyId: string;

  const ent = (path: string): Promise<TestResponse> => t.enterprise('GET', path, { token });
  const audited = async (targetType: string, targetId: string) =>
    (
      await t.dataSource.query<{ operation: string; channel: string }[]>(
        `SELECT operation, channel FROM audit_events WHERE target_type = $1 AND target_id = $2 ORDER BY occurred_at, audit_event_id`,
        [targetType, targetId],
      )
    ).map((row) => `${row.channel} ${row.operation}`);

  beforeAll(async () => {
    t = await TestApp.create();
    token = await t.enterpriseToken();
    workspace = cliWorkspace((t.dataSource.options as { url: string }).url, 'reservation');
    productId = hex();
    await t.dataSource.query(`INSERT INTO products (product_id, name, code) VALUES ($1, 'Picnic basket', 'BASKET')`, [productId]);
    [{ currency_id: currencyId }] = await t.dataSource.query(`SELECT currency_id FROM currencies WHERE code = 'EUR'`);
  });

  afterAll(async () => {
    await t.close();
    workspace.remove();
  });

  it('makes a product reservable by its code, changes its stock, deactivates and activates it, audited', async () => {
    expect((await ent(`/reservable-products/${productId}`)).status).toBe(404);
    const defined = await workspace.runWithFile(['reservable-product', 'define'], { product_id: 'BASKET', stock: 4 });
    expect(defined).toEqual({ code: 0, stdout: `${productId}\n`, stderr: '' });
    expect((await ent(`/reservable-products/${productId}`)).body.data.name).toBe('Picnic basket');
    const unlimited = await workspace.run(['reservable-product', 'change', 'BASKET', '-'], JSON.stringify({ product_id: productId }));
    expect(unlimited.code).toBe(0);
    const list = await workspace.run(['reservable-product', 'list']);
    expect(list.stdout).toMatch(new RegExp(`${productId}\\s+1\\s+unlimited\\s+BASKET\\s+Picnic basket`));
    const shown = JSON.parse((await workspace.run(['reservable-product', 'show', 'BASKET'])).stdout);
    expect(shown).toMatchObject({ product_id: productId, code: 'BASKET', state: 1 });
    const again = await workspace.runWithFile(['reservable-product', 'define'], { product_id: productId, stock: 1 });
    expect(again.code).toBe(1);
    expect(again.stderr).toContain('product_id');
    const unknown = await workspace.runWithFile(['reservable-product', 'define'], { product_id: hex(), stock: 1 });
    expect(unknown.code).toBe(1);
    expect(unknown.stderr).toContain('product_id');
    const negative = await workspace.runWithFile(['reservable-product', 'define'], { product_id: productId, stock: -1 });
    expect(negative.code).toBe(1);
    expect(negative.stderr).toContain('stock');
    expect(await workspace.run(['reservable-product', 'remove', productId])).toEqual({
      code: 0,
      stdout: `Deactivated reservable product ${productId} (state 0)\n`,
      stderr: '',
    });
    expect((await ent(`/reservable-products/${productId}`)).status).toBe(404);
    expect((await workspace.run(['reservable-product', 'activate', 'BASKET'])).code).toBe(0);
    expect((await ent(`/reservable-products/${productId}`)).status).toBe(200);
    expect(await audited('reservable_product', productId)).toEqual([
      'cli reservable-product define',
      'cli reservable-product change',
      'cli reservable-product remove',
      'cli reservable-product activate',
    ]);
  });

  it('defines, changes, lists and deactivates reservation prices, refusing a product that cannot be reserved', async () => {
    const otherProduct = hex();
    await t.dataSource.query(`INSERT INTO products (product_id, name) VALUES ($1, 'Not reservable')`, [otherProduct]);
    const refused = await workspace.runWithFile(['reservation-price', 'define'], {
      product_id: otherProduct,
      value: 9,
      currency_id: 'EUR',
    });
    expect(refused.code).toBe(1);
    expect(refused.stderr).toContain('product_id');
    const defined = await workspace.runWithFile(['reservation-price', 'define'], { product_id: 'BASKET', value: 9.5, currency_id: 'EUR' });
    expect(defined).toEqual({ code: 0, stdout: expect.stringMatching(/^[0-9a-f]{32}\n$/), stderr: '' });
    const priceId = defined.stdout.trim();
    // The same product, store (none) and currency: refused, the live price is changed instead.
    const again = await workspace.runWithFile(['reservation-price', 'define'], {
      product_id: productId,
      value: 11,
      currency_id: currencyId,
    });
    expect(again.code).toBe(1);
    const changed = await workspace.run(
      ['reservation-price', 'change', priceId, '-'],
      JSON.stringify({ product_id: productId, value: 11, currency_id: 'EUR' }),
    );
    expect(changed.code).toBe(0);
    expect((await ent(`/product-reservation-prices/${priceId}`)).body.data).toMatchObject({ reservable_product_id: productId, value: 11 });
    expect((await workspace.run(['reservation-price', 'list'])).stdout).toMatch(
      new RegExp(`${priceId}\\s+1\\s+${productId}\\s+every store\\s+${currencyId}\\s+11`),
    );
    expect((await workspace.run(['reservation-price', 'remove', priceId])).code).toBe(0);
    expect((await ent(`/product-reservation-prices/${priceId}`)).status).toBe(404);
    expect((await workspace.run(['reservation-price', 'remove', hex()])).code).toBe(1);
  });

  it('defines, renames, lists, deactivates and activates reservation sources', async () => {
    const defined = await workspace.runWithFile(['reservation-source', 'define'], {
      text_id: 'mobile_app',
      names: { en: 'Mobile app', cs: 'Aplikace' },
    });
    expect(defined).toEqual({ code: 0, stdout: expect.stringMatching(/^[0-9a-f]{32}\n$/), stderr: '' });
    const sourceId = defined.stdout.trim();
    const czech = await t.enterprise('GET', `/product-reservation-sources/${sourceId}`, { token, headers: { 'accept-language': 'cs' } });
    expect(czech.body.data.name).toBe('Aplikace');
    const renamed = await workspace.run(
      ['reservation-source', 'change', 'mobile_app', '-'],
      JSON.stringify({ text_id: 'mobile_app', names: { en: 'Phone app' } }),
    );
    expect(renamed.code).toBe(0);
    expect((await ent(`/product-reservation-sources/${sourceId}`)).body.data.name).toBe('Phone app');
    const list = await workspace.run(['reservation-source', 'list']);
    expect(list.stdout).toContain('e_shop');
    expect(list.stdout).toMatch(new RegExp(`mobile_app\\s+${sourceId}\\s+1\\s+Phone app`));
    const badKey = await workspace.runWithFile(['reservation-source', 'define'], { text_id: 'Mobile App', names: { en: 'x' } });
    expect(badKey.code).toBe(1);
    expect((await workspace.runWithFile(['reservation-source', 'define'], { text_id: 'empty', names: {} })).code).toBe(1);
    expect((await workspace.run(['reservation-source', 'remove', 'mobile_app'])).code).toBe(0);
    expect((await ent(`/product-reservation-sources/${sourceId}`)).status).toBe(404);
    expect((await ent('/product-reservation-sources')).body.data.total_items).toBe(2);
    expect((await workspace.run(['reservation-source', 'activate', sourceId])).code).toBe(0);
    expect((await ent('/product-reservation-sources')).body.data.total_items).toBe(3);
  });

  it('defines, lists, deactivates and activates external list types', async () => {
    const defined = await workspace.runWithFile(['reservation-list-type', 'define'], { text_id: 'erp', name: 'ERP' });
    expect(defined.code).toBe(0);
    const listTypeId = defined.stdout.trim();
    expect((await ent(`/product-reservation-external-list-types/${listTypeId}`)).body.data).toEqual({
      product_reservation_external_list_type_id: listTypeId,
      name: 'ERP',
    });
    expect((await workspace.run(['reservation-list-type', 'list'])).stdout).toMatch(new RegExp(`erp\\s+${listTypeId}\\s+1\\s+ERP`));
    expect((await workspace.run(['reservation-list-type', 'remove', 'erp'])).code).toBe(0);
    expect((await ent(`/product-reservation-external-list-types/${listTypeId}`)).status).toBe(404);
    expect((await workspace.run(['reservation-list-type', 'activate', listTypeId])).code).toBe(0);
    const unknownAction = await workspace.run(['reservation-list-type', 'rename']);
    expect(unknownAction.code).toBe(2);
  });
});
