import { ProductPropertyService } from '../../src/modules/catalogue';
import { PartnerPropertyService } from '../../src/modules/reference-data';
import { PropertyCatalogues1764300000600 } from '../../migrations/1764300000600-property-catalogues';
import { TestApp, TestResponse } from '../support/test-app';

type Iface = 'enterprise' | 'customer';
type Body = Record<string, unknown>;

describe('Partner and product property catalogues (HTTP)', () => {
  let t: TestApp;
  let token: string;
  let device: string;

  const get = (iface: Iface, path: string, query?: Record<string, string | string[]>): Promise<TestResponse> =>
    t[iface]('GET', path, { token: iface === 'enterprise' ? token : device, query });
  const propertyIds = (response: TestResponse, key: string): string[] =>
    (response.body.data[key] as { property_id: string }[]).map((property) => property.property_id);
  const invalidParams = (response: TestResponse) => response.body.error.error_data.invalid_params;
  const productCount = async (): Promise<number> => Number((await t.dataSource.query(`SELECT count(*) FROM products`))[0].count);
  const batch = (products: Body[], errorProcessing?: number) =>
    t.enterprise('POST', '/products/batch', {
      token,
      body: { products, ...(errorProcessing === undefined ? {} : { error_processing: errorProcessing }) },
    });
  const plu = (code: string) => ({ list_code: 'EAN', code });

  beforeAll(async () => {
    t = await TestApp.create();
    token = await t.enterpriseToken();
    device = await t.deviceToken();
    const partners = t.service(PartnerPropertyService);
    await partners.define({
      propertyId: 'direct_contact',
      name: 'Direct contact',
      description: 'Whether the partner is contacted directly',
      dataType: 'boolean',
      isRequired: false,
      isUnique: false,
      items: [],
    });
    await partners.define({
      propertyId: 'region',
      name: 'Sales region',
      dataType: 'enum',
      isRequired: true,
      isUnique: false,
      items: [
        { id: 'south', name: 'South' },
        { id: 'north', name: 'North', resourceRecordId: 'region-n' },
      ],
    });
    await partners.define({ propertyId: 'vat_code', name: 'VAT code', dataType: 'string', isRequired: false, isUnique: true, items: [] });
    await partners.remove('vat_code');
    const products = t.service(ProductPropertyService);
    await products.define({ propertyId: 'origin', name: 'Origin', dataType: 'string', isRequired: false, isUnique: false, items: [] });
    await products.define({ propertyId: 'weight', name: 'Net weight', dataType: 'integer', isRequired: true, isUnique: false, items: [] });
    await products.define({
      propertyId: 'colour',
      name: 'Colour',
      dataType: 'multiselect',
      isRequired: false,
      isUnique: false,
      items: [
        { id: 'red', name: 'Red' },
        { id: 'green', name: 'Green' },
      ],
    });
    await products.define({ propertyId: 'legacy', name: 'Legacy code', dataType: 'string', isRequired: false, isUnique: false, items: [] });
    await products.remove('legacy');
    await t.dataSource.query(`UPDATE partner_properties SET last_change = '2025-02-01 09:30:00+00' WHERE property_id = 'region'`);
  });

  afterAll(() => t.close());

  describe('GET /partner-properties (Enterprise only)', () => {
    it('lists every partner property in the Property shape', async () => {
      const list = await get('enterprise', '/partner-properties');
      expect(list.status).toBe(200);
      expect(list.body.data.total_items).toBe(3);
      expect(list.body.data.partner_properties).toEqual([
        {
          property_id: 'direct_contact',
          name: 'Direct contact',
          description: 'Whether the partner is contacted directly',
          data_type: 'boolean',
          items: [],
          is_required: false,
          is_unique: false,
          last_change: expect.stringMatching(/^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d$/),
          state: 1,
        },
        {
          property_id: 'region',
          name: 'Sales region',
          data_type: 'enum',
          items: [
            { id: 'north', name: 'North', resource_record_id: 'region-n', state: 1 },
            { id: 'south', name: 'South', state: 1 },
          ],
          is_required: true,
          is_unique: false,
          last_change: '2025-02-01 09:30:00',
          state: 1,
        },
        expect.objectContaining({ property_id: 'vat_code', is_unique: true, state: 0 }),
      ]);
    });

    it('filters by part of the name without letter case, sorts and pages', async () => {
      expect(propertyIds(await get('enterprise', '/partner-properties', { name: 'CONTACT' }), 'partner_properties')).toEqual([
        'direct_contact',
      ]);
      expect(propertyIds(await get('enterprise', '/partner-properties', { name: 'a' }), 'partner_properties')).toEqual([
        'direct_contact',
        'region',
        'vat_code',
      ]);
      const page = await get('enterprise', '/partner-properties', { sort_field: 'name', sort_direction: 'DESC', count: '2', offset: '1' });
      expect(propertyIds(page, 'partner_properties')).toEqual(['region', 'direct_contact']);
      expect(page.body.data.total_items).toBe(3);
      expect(propertyIds(await get('enterprise', '/partner-properties', { sort_field: 'state' }), 'partner_properties')).toEqual([
        'vat_code',
        'direct_contact',
        'region',
      ]);
      expect((await get('enterprise', '/partner-properties', { sort_field: 'items' })).status).toBe(400);
    });

    it('is not offered by the Customer interface', async () => {
      const refused = await get('customer', '/partner-properties');
      expect(refused.status).toBe(403);
      expect(refused.body.error.type).toBe('interface_not_allowed_exception');
    });

    it('needs a token', async () => {
      expect((await t.enterprise('GET', '/partner-properties')).status).toBe(401);
      expect((await t.customer('GET', '/partner-properties/region')).status).toBe(401);
    });
  });

  describe('GET /partner-properties/{partner_property_id}', () => {
    it.each<Iface>(['enterprise', 'customer'])('answers one property on both interfaces (%s)', async (iface) => {
      const one = await get(iface, '/partner-properties/region');
      expect(one.status).toBe(200);
      expect(one.body.data).toMatchObject({ property_id: 'region', data_type: 'enum', items: [{ id: 'north' }, { id: 'south' }] });
      expect((await get(iface, '/partner-properties/vat_code')).body.data.state).toBe(0);
    });

    it('answers 404 for an unknown property', async () => {
      const missing = await get('customer', '/partner-properties/nothing');
      expect(missing.status).toBe(404);
      expect(missing.body.error.error_data).toMatchObject({ resource_name: 'partner-properties', resource_id: 'nothing' });
    });

    it('names the definition in the partner property records', async () => {
      const [{ partner_id: partnerId }] = await t.dataSource.query(`SELECT partner_id FROM partners LIMIT 1`);
      await t.dataSource.query(
        `INSERT INTO partner_property_records (property_record_id, partner_id, property_id, property_value) VALUES ('r1', $1, 'region', '"north"')`,
        [partnerId],
      );
      const records = await get('customer', `/partners/${partnerId}/property-records`);
      expect(records.body.data.property_records).toEqual([expect.objectContaining({ property_id: 'region', property_value: 'north' })]);
    });
  });

  describe('GET /product-properties', () => {
    it.each<Iface>(['enterprise', 'customer'])('lists the product properties on both interfaces (%s)', async (iface) => {
      const list = await get(iface, '/product-properties', { sort_field: 'name' });
      expect(list.status).toBe(200);
      expect(propertyIds(list, 'product_properties')).toEqual(['colour', 'legacy', 'weight', 'origin']);
      expect(list.body.data.product_properties[0]).toEqual({
        property_id: 'colour',
        name: 'Colour',
        data_type: 'multiselect',
        items: [
          { id: 'green', name: 'Green', state: 1 },
          { id: 'red', name: 'Red', state: 1 },
        ],
        is_required: false,
        is_unique: false,
        last_change: expect.stringMatching(/^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d$/),
        state: 1,
      });
    });

    it('filters by name and pages', async () => {
      expect(propertyIds(await get('customer', '/product-properties', { name: 'WEIGHT' }), 'product_properties')).toEqual(['weight']);
      const page = await get('customer', '/product-properties', { count: '1', offset: '3' });
      expect(propertyIds(page, 'product_properties')).toEqual(['weight']);
      expect(page.body.data.total_items).toBe(4);
    });

    it.each<Iface>(['enterprise', 'customer'])('answers one property, or 404 (%s)', async (iface) => {
      expect((await get(iface, '/product-properties/weight')).body.data).toMatchObject({
        property_id: 'weight',
        data_type: 'integer',
        is_required: true,
      });
      expect((await get(iface, '/product-properties/unknown')).status).toBe(404);
    });
  });

  describe('product values refer to the catalogue', () => {
    it('stores values of defined properties, normalised to their data types', async () => {
      const response = await batch([
        {
          name: 'Apple',
          plu_ids: [plu('A-1')],
          property_records: [
            { property_id: 'weight', property_value: '150' },
            { property_id: 'colour', property_value: ['red', { id: 'green' }] },
            { property_id: 'origin', property_value: 'Tyrol' },
          ],
        },
      ]);
      expect(response.status).toBe(204);
      const [{ property_records: stored }] = await t.dataSource.query(
        `SELECT p.property_records FROM products p JOIN product_plu_ids x ON x.product_id = p.product_id WHERE x.code = 'A-1'`,
      );
      expect(stored).toEqual([
        { property_id: 'weight', property_value: 150 },
        { property_id: 'colour', property_value: ['red', 'green'] },
        { property_id: 'origin', property_value: 'Tyrol' },
      ]);
    });

    it('refuses unknown and removed properties and values of the wrong type, writing nothing', async () => {
      const before = await productCount();
      const response = await batch([
        {
          name: 'Pear',
          plu_ids: [plu('P-1')],
          property_records: [
            { property_id: 'weight', property_value: 'heavy' },
            { property_id: 'shape', property_value: 'round' },
            { property_id: 'legacy', property_value: 'x' },
            { property_id: 'colour', property_value: ['blue'] },
          ],
        },
      ]);
      expect(response.status).toBe(400);
      expect(invalidParams(response)).toEqual([
        expect.objectContaining({ name: 'products.0.property_records.0.property_value', reason: 'invalid_value_format' }),
        expect.objectContaining({ name: 'products.0.property_records.1.property_id', reason: 'not_found', value: 'shape' }),
        expect.objectContaining({ name: 'products.0.property_records.2.property_id', reason: 'not_found', value: 'legacy' }),
        expect.objectContaining({ name: 'products.0.property_records.3.property_value', reason: 'invalid_value_format' }),
      ]);
      expect(await productCount()).toBe(before);
    });

    it('needs the required properties on new products only', async () => {
      const before = await productCount();
      const missing = await batch([
        { name: 'Plum', plu_ids: [plu('PL-1')], property_records: [{ property_id: 'origin', property_value: 'Moravia' }] },
      ]);
      expect(missing.status).toBe(400);
      expect(invalidParams(missing)).toEqual([
        expect.objectContaining({ name: 'products.0.property_records', reason: 'required', value: 'weight' }),
      ]);
      expect(await productCount()).toBe(before);
      // The apple exists: an update may leave the required property out, and its stored value stays.
      const update = await batch([
        { name: 'Apple', plu_ids: [plu('A-1')], property_records: [{ property_id: 'origin', property_value: 'Styria' }] },
      ]);
      expect(update.status).toBe(204);
      const apple = (await get('customer', '/products', { external_id: 'A-1' })).body.data.products[0] as Body;
      expect(apple.additional_properties).toEqual([
        { property_id: 'weight', property_value: 150 },
        { property_id: 'colour', property_value: ['red', 'green'] },
        { property_id: 'origin', property_value: 'Styria' },
      ]);
    });

    it('reports the failed records of a lenient batch and writes the valid ones', async () => {
      const response = await batch(
        [
          { name: 'Cherry', plu_ids: [plu('C-1')], property_records: [{ property_id: 'weight', property_value: 5 }] },
          { name: 'Lemon', plu_ids: [plu('L-1')], property_records: [{ property_id: 'sourness', property_value: 9 }] },
        ],
        2,
      );
      expect(response.status).toBe(200);
      expect(response.body.data.errors).toEqual([
        {
          index: 1,
          invalid_params: [
            expect.objectContaining({ name: 'products.1.property_records.0.property_id', reason: 'not_found' }),
            expect.objectContaining({ name: 'products.1.property_records', reason: 'required', value: 'weight' }),
          ],
        },
      ]);
      expect((await get('enterprise', '/products', { external_id: 'C-1' })).body.data.total_items).toBe(1);
      expect((await get('enterprise', '/products', { external_id: 'L-1' })).body.data.total_items).toBe(0);
    });
  });

  it('defines the property keys products already use when the catalogue is introduced', async () => {
    const runner = t.dataSource.createQueryRunner();
    const migration = new PropertyCatalogues1764300000600();
    try {
      await migration.down(runner);
      await t.dataSource.query(
        `INSERT INTO products (product_id, name, property_records) VALUES
           ('a0000000000000000000000000000001', 'Old one', '[{"property_id":"size","property_value":42},{"property_id":"eco","property_value":true},
                                                            {"property_id":"note","property_value":null}]'),
           ('a0000000000000000000000000000002', 'Old two', '[{"property_id":"size","property_value":43},{"property_id":"ratio","property_value":0.5},
                                                            {"property_id":"mixed","property_value":1}]'),
           ('a0000000000000000000000000000003', 'Old three', '[{"property_id":"mixed","property_value":"one"}]')`,
      );
      await migration.up(runner);
    } finally {
      await runner.release();
    }
    const seeded = await t.dataSource.query(`SELECT property_id, name, data_type, state FROM product_properties ORDER BY property_id`);
    expect(seeded).toEqual(
      expect.arrayContaining([
        { property_id: 'size', name: 'size', data_type: 'integer', state: 1 },
        { property_id: 'eco', name: 'eco', data_type: 'boolean', state: 1 },
        { property_id: 'ratio', name: 'ratio', data_type: 'float', state: 1 },
        { property_id: 'mixed', name: 'mixed', data_type: 'string', state: 1 },
        { property_id: 'note', name: 'note', data_type: 'string', state: 1 },
      ]),
    );
    // The values products held before stay valid: re-sending one passes the check.
    const resend = await batch([
      { name: 'Old one', plu_ids: [plu('OLD-1')], property_records: [{ property_id: 'size', property_value: 42 }] },
    ]);
    expect(resend.status).toBe(204);
  });
});
