import { TestApp } from '../support/test-app';

type Row = Record<string, unknown>;

/** Products, product groups and brands as the operator API lists them for the console's pickers: read only. */
describe('Operator API: products, product groups and brands', () => {
  let t: TestApp;
  let token: string;
  let enterprise: string;

  const ids = (rows: Row[], field: string) => rows.map((row) => row[field]);

  beforeAll(async () => {
    t = await TestApp.create();
    token = (await t.operatorToken(['analyst'])).token;
    enterprise = await t.enterpriseToken();
    const batch = async (path: string, body: Row) =>
      expect((await t.enterprise('POST', path, { token: enterprise, body })).status).toBe(204);
    await batch('/product-brands/batch', {
      product_brands: [
        { name: 'Listing Roasters', external_id: 'listing-roasters' },
        { name: 'Listing Bakers', external_id: 'listing-bakers' },
      ],
    });
    await batch('/product-groups/batch', {
      product_groups: [
        { name: 'Listing coffee', external_id: 'listing-coffee', code: 'LC' },
        { name: 'Listing pastry', external_id: 'listing-pastry', code: 'LP' },
      ],
    });
    await batch('/products/batch', {
      products: ['Espresso', 'Cortado', 'Americano', 'Brioche'].map((name, index) => ({
        name: `Listing ${name}`,
        code: `LST-${index + 1}`,
        plu_ids: [{ list_code: 'EAN', code: `listing-${index + 1}` }],
        product_group_external_id: name === 'Brioche' ? 'listing-pastry' : 'listing-coffee',
        product_brand_external_id: name === 'Brioche' ? 'listing-bakers' : 'listing-roasters',
      })),
    });
  });
  afterAll(() => t.close());

  it('pages the products found by part of a name, ordered by name, with their group and brand named', async () => {
    const first = await t.operator('GET', '/products', { token, query: { q: 'listing', count: '3' } });
    expect(first.status).toBe(200);
    expect(first.body.data.total_items).toBe(4);
    expect(ids(first.body.data.products, 'name')).toEqual(['Listing Americano', 'Listing Brioche', 'Listing Cortado']);
    expect(first.body.data.products[1]).toMatchObject({
      code: 'LST-4',
      product_group_name: 'Listing pastry',
      product_brand_name: 'Listing Bakers',
      state: 1,
      last_change: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
    });
    const second = await t.operator('GET', '/products', { token, query: { q: 'listing', count: '3', offset: '3' } });
    expect(second.body.data).toMatchObject({ total_items: 4 });
    expect(ids(second.body.data.products, 'name')).toEqual(['Listing Espresso']);
    const past = await t.operator('GET', '/products', { token, query: { q: 'listing', offset: '10' } });
    expect(past.body.data).toEqual({ products: [], total_items: 4 });
  });

  it('finds a product by its whole code, sorts by code either way, and shows one by id', async () => {
    const byCode = await t.operator('GET', '/products', { token, query: { q: 'LST-2' } });
    expect(ids(byCode.body.data.products, 'name')).toEqual(['Listing Cortado']);
    const partOfCode = await t.operator('GET', '/products', { token, query: { q: 'LST-' } });
    expect(partOfCode.body.data.total_items).toBe(0);
    const descending = await t.operator('GET', '/products', {
      token,
      query: { q: 'listing', sort_field: 'code', sort_direction: 'DESC' },
    });
    expect(ids(descending.body.data.products, 'code')).toEqual(['LST-4', 'LST-3', 'LST-2', 'LST-1']);
    const cortado = byCode.body.data.products[0];
    const shown = await t.operator('GET', `/products/${cortado.product_id}`, { token });
    expect(shown.body.data).toEqual(cortado);
    expect((await t.operator('GET', '/products/no-such-product', { token })).status).toBe(404);
    const badSort = await t.operator('GET', '/products', { token, query: { sort_field: 'partner_id' } });
    expect(badSort.status).toBe(400);
    expect(badSort.body.error.error_data.invalid_params[0]).toMatchObject({ name: 'sort_field' });
  });

  it('lists product groups by name, code or external id, and filters them by state', async () => {
    const groups = await t.operator('GET', '/product-groups', { token, query: { q: 'listing ' } });
    expect(ids(groups.body.data.product_groups, 'external_id')).toEqual(['listing-coffee', 'listing-pastry']);
    expect((await t.operator('GET', '/product-groups', { token, query: { q: 'LP' } })).body.data.product_groups[0].name).toBe(
      'Listing pastry',
    );
    const coffee = (await t.operator('GET', '/product-groups', { token, query: { q: 'listing-coffee' } })).body.data.product_groups[0];
    expect(coffee).toMatchObject({ name: 'Listing coffee', code: 'LC', state: 1 });
    expect((await t.operator('GET', `/product-groups/${coffee.product_group_id}`, { token })).body.data).toEqual(coffee);
    expect((await t.operator('GET', '/product-groups', { token, query: { q: 'listing ', state: '0' } })).body.data.total_items).toBe(0);
    const paged = await t.operator('GET', '/product-groups', { token, query: { q: 'listing ', count: '1', sort_direction: 'DESC' } });
    expect(paged.body.data.total_items).toBe(2);
    expect(ids(paged.body.data.product_groups, 'name')).toEqual(['Listing pastry']);
  });

  it('lists brands by name or external id, sorted by either', async () => {
    const brands = await t.operator('GET', '/product-brands', { token, query: { q: 'listing', sort_field: 'external_id' } });
    expect(ids(brands.body.data.product_brands, 'external_id')).toEqual(['listing-bakers', 'listing-roasters']);
    const roasters = (await t.operator('GET', '/product-brands', { token, query: { q: 'listing-roasters' } })).body.data;
    expect(roasters.total_items).toBe(1);
    const shown = await t.operator('GET', `/product-brands/${roasters.product_brands[0].product_brand_id}`, { token });
    expect(shown.body.data).toMatchObject({ name: 'Listing Roasters', external_id: 'listing-roasters' });
  });

  it('answers 401 without a sign-in and 403 to a role that may not read definitions, and writes nothing', async () => {
    for (const path of ['/products', '/product-groups', '/product-brands']) expect((await t.operator('GET', path)).status).toBe(401);
    const owner = (await t.operatorToken(['owner'])).token;
    const role = await t.operator('POST', '/user-roles', {
      token: owner,
      body: { text_id: 'listing_figures_only', name: 'Figures only', permissions: ['figures:read'] },
    });
    expect(role.status).toBe(201);
    const figuresOnly = (await t.operatorToken(['listing_figures_only'])).token;
    for (const path of ['/products', '/product-groups', '/product-brands'])
      expect((await t.operator('GET', path, { token: figuresOnly })).status).toBe(403);
    expect((await t.operator('POST', '/products', { token: owner, body: { name: 'No' } })).status).toBe(404);
  });
});
