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

  it('makes a product reservable with a stock, lists it, changes the stock and removes it', async () => {
    expect((await ent(`/reservable-products/${productId}`)).status).toBe(404);
    const defined = await workspace.runWithFile(['reservable-product', 'define'], { product_id: productId, stock: 4 });
    expect(defined).toEqual({ code: 0, stdout: `Product ${productId} is reservable; stock 4\n`, stderr: '' });
    expect((await ent(`/reservable-products/${productId}`)).body.data.name).toBe('Picnic basket');
    const unlimited = await workspace.run(['reservable-product', 'define', '-'], JSON.stringify({ product_id: productId }));
    expect(unlimited.code).toBe(0);
    const list = await workspace.run(['reservable-product', 'list']);
    expect(list.stdout).toMatch(new RegExp(`${productId}\\s+unlimited\\s+BASKET\\s+Picnic basket`));
    const unknown = await workspace.runWithFile(['reservable-product', 'define'], { product_id: hex(), stock: 1 });
    expect(unknown.code).toBe(1);
    expect(unknown.stderr).toContain('product_id');
    const negative = await workspace.runWithFile(['reservable-product', 'define'], { product_id: productId, stock: -1 });
    expect(negative.code).toBe(1);
    expect(negative.stderr).toContain('stock');
    expect(await workspace.run(['reservable-product', 'remove', productId])).toEqual({
      code: 0,
      stdout: `Product ${productId} can no longer be reserved\n`,
      stderr: '',
    });
    expect((await ent(`/reservable-products/${productId}`)).status).toBe(404);
    expect((await workspace.run(['reservable-product', 'remove', productId])).stdout).toBe(`Product ${productId} was not reservable\n`);
  });

  it('defines, lists and removes reservation prices, refusing a product that cannot be reserved', async () => {
    const refused = await workspace.runWithFile(['reservation-price', 'define'], {
      reservable_product_id: productId,
      value: 9,
      currency_id: currencyId,
    });
    expect(refused.code).toBe(1);
    expect(refused.stderr).toContain('price.reservable_product_id');
    await workspace.runWithFile(['reservable-product', 'define'], { product_id: productId, stock: 2 });
    const defined = await workspace.runWithFile(['reservation-price', 'define'], {
      reservable_product_id: productId,
      value: 9.5,
      currency_id: currencyId,
    });
    expect(defined).toEqual({ code: 0, stdout: expect.stringMatching(/^[0-9a-f]{32}\n$/), stderr: '' });
    const priceId = defined.stdout.trim();
    // The same product, store (none) and currency: the same price, updated.
    const again = await workspace.runWithFile(['reservation-price', 'define'], {
      reservable_product_id: productId,
      value: 11,
      currency_id: currencyId,
    });
    expect(again.stdout.trim()).toBe(priceId);
    expect((await ent(`/product-reservation-prices/${priceId}`)).body.data).toMatchObject({ reservable_product_id: productId, value: 11 });
    expect((await workspace.run(['reservation-price', 'list'])).stdout).toMatch(
      new RegExp(`${priceId}\\s+${productId}\\s+every store\\s+${currencyId}\\s+11`),
    );
    expect(await workspace.run(['reservation-price', 'remove', priceId])).toEqual({
      code: 0,
      stdout: `Price ${priceId} removed\n`,
      stderr: '',
    });
    expect((await ent(`/product-reservation-prices/${priceId}`)).status).toBe(404);
    expect((await workspace.run(['reservation-price', 'remove', priceId])).code).toBe(1);
  });

  it('defines, renames, lists and removes reservation sources', async () => {
    const defined = await workspace.runWithFile(['reservation-source', 'define'], {
      text_id: 'mobile_app',
      names: { en: 'Mobile app', cs: 'Aplikace' },
    });
    expect(defined).toEqual({ code: 0, stdout: expect.stringMatching(/^[0-9a-f]{32}\n$/), stderr: '' });
    const sourceId = defined.stdout.trim();
    const czech = await t.enterprise('GET', `/product-reservation-sources/${sourceId}`, { token, headers: { 'accept-language': 'cs' } });
    expect(czech.body.data.name).toBe('Aplikace');
    const renamed = await workspace.runWithFile(['reservation-source', 'define'], { text_id: 'mobile_app', names: { en: 'Phone app' } });
    expect(renamed.stdout.trim()).toBe(sourceId);
    expect((await ent(`/product-reservation-sources/${sourceId}`)).body.data.name).toBe('Phone app');
    const list = await workspace.run(['reservation-source', 'list']);
    expect(list.stdout).toContain('e_shop');
    expect(list.stdout).toMatch(new RegExp(`${sourceId}\\s+mobile_app\\s+active`));
    const badKey = await workspace.runWithFile(['reservation-source', 'define'], { text_id: 'Mobile App', names: { en: 'x' } });
    expect(badKey.code).toBe(1);
    expect((await workspace.runWithFile(['reservation-source', 'define'], { text_id: 'empty', names: {} })).code).toBe(1);
    expect((await workspace.run(['reservation-source', 'remove', 'mobile_app'])).code).toBe(0);
    expect((await ent(`/product-reservation-sources/${sourceId}`)).status).toBe(404);
    expect((await ent('/product-reservation-sources')).body.data.total_items).toBe(2);
    expect((await workspace.run(['reservation-source', 'remove', sourceId])).code).toBe(1);
  });

  it('defines, lists and removes external list types', async () => {
    const defined = await workspace.runWithFile(['reservation-list-type', 'define'], { text_id: 'erp', name: 'ERP' });
    expect(defined.code).toBe(0);
    const listTypeId = defined.stdout.trim();
    expect((await ent(`/product-reservation-external-list-types/${listTypeId}`)).body.data).toEqual({
      product_reservation_external_list_type_id: listTypeId,
      name: 'ERP',
    });
    expect((await workspace.run(['reservation-list-type', 'list'])).stdout).toMatch(new RegExp(`${listTypeId}\\s+erp\\s+active\\s+ERP`));
    expect((await workspace.run(['reservation-list-type', 'remove', listTypeId])).code).toBe(0);
    expect((await ent(`/product-reservation-external-list-types/${listTypeId}`)).status).toBe(404);
    const unknownAction = await workspace.run(['reservation-list-type', 'rename']);
    expect(unknownAction.code).toBe(2);
  });
});
