import { cliWorkspace, CliWorkspace } from '../support/cli-run';
import { cloneTemplateDatabase } from '../support/test-database';
import { Client } from 'pg';

describe('tessera purchase-property and purchase-item-property', () => {
  let database: { url: string; drop: () => Promise<void> };
  let workspace: CliWorkspace;
  let db: Client;

  beforeAll(async () => {
    database = await cloneTemplateDatabase();
    workspace = cliWorkspace(database.url, 'purchase-property');
    db = new Client({ connectionString: database.url });
    await db.connect();
  });

  afterAll(async () => {
    await db.end();
    await database.drop();
    workspace.remove();
  });

  const cli = (...argv: string[]) => workspace.run(argv);
  const define = (kind: string, definition: object) => workspace.runWithFile([kind, 'define'], definition);
  const change = (kind: string, propertyId: string, definition: object) => workspace.runWithFile([kind, 'change', propertyId], definition);

  const rows = async (sql: string, params: unknown[] = []) => (await db.query(sql, params)).rows;

  it('defines a property of each resource and lists them', async () => {
    expect(
      await define('purchase-property', {
        property_id: 'receipt_no',
        name: 'Receipt number',
        data_type: 'string',
        is_unique: true,
        is_required: true,
      }),
    ).toEqual({ code: 0, stdout: 'receipt_no\n', stderr: '' });
    const size = await define('purchase-item-property', {
      property_id: 'size',
      name: 'Size',
      data_type: 'enum',
      items: [
        { id: 'S', name: 'Small' },
        { id: 'L', name: 'Large = big' },
      ],
    });
    expect(size).toEqual({ code: 0, stdout: 'size\n', stderr: '' });
    expect(
      await rows(
        `SELECT resource, property_id, name, data_type, is_required, is_unique, state FROM purchase_properties ORDER BY resource, property_id`,
      ),
    ).toEqual([
      {
        resource: 'purchase',
        property_id: 'receipt_no',
        name: 'Receipt number',
        data_type: 'string',
        is_required: true,
        is_unique: true,
        state: 1,
      },
      { resource: 'purchase_item', property_id: 'size', name: 'Size', data_type: 'enum', is_required: false, is_unique: false, state: 1 },
    ]);
    expect(await rows(`SELECT id, name, state FROM purchase_property_items WHERE property_id = 'size' ORDER BY id`)).toEqual([
      { id: 'L', name: 'Large = big', state: 1 },
      { id: 'S', name: 'Small', state: 1 },
    ]);
    expect(
      await rows(`SELECT operation, target_type, target_id FROM audit_events WHERE target_type LIKE 'purchase%' ORDER BY audit_event_id`),
    ).toEqual([
      { operation: 'purchase-property define', target_type: 'purchase_property', target_id: 'receipt_no' },
      { operation: 'purchase-item-property define', target_type: 'purchase_item_property', target_id: 'size' },
    ]);

    const list = await cli('purchase-property', 'list');
    expect(list).toMatchObject({ code: 0, stderr: '' });
    expect(list.stdout.split('\n')).toEqual([
      expect.stringMatching(/^PROPERTY ID\s+DATA TYPE\s+REQUIRED\s+UNIQUE\s+STATE\s+ITEMS\s+NAME$/),
      expect.stringMatching(/^receipt_no\s+string\s+yes\s+yes\s+active\s+Receipt number$/),
      '',
    ]);
    expect((await cli('purchase-item-property', 'list')).stdout).toMatch(
      /^size\s+enum\s+no\s+no\s+active\s+L=Large = big, S=Small\s+Size$/m,
    );
  });

  it('changes a property from what show prints: new items replace the old ones, which stay as deleted', async () => {
    const shown = await cli('purchase-item-property', 'show', 'size');
    expect(shown.code).toBe(0);
    const file = JSON.parse(shown.stdout);
    expect(file).toMatchObject({ property_id: 'size', state: 1, items: [{ id: 'L' }, { id: 'S' }] });
    const changed = await change('purchase-item-property', 'size', {
      ...file,
      name: 'Item size',
      data_type: 'multiselect',
      items: [
        { id: 'L', name: 'Large' },
        { id: 'XL', name: 'Extra large' },
      ],
    });
    expect(changed).toMatchObject({ code: 0, stderr: '' });
    expect(JSON.parse(changed.stdout)).toMatchObject({ property_id: 'size', name: 'Item size', data_type: 'multiselect', state: 1 });
    expect(await rows(`SELECT id, name, state FROM purchase_property_items WHERE property_id = 'size' ORDER BY id`)).toEqual([
      { id: 'L', name: 'Large', state: 1 },
      { id: 'S', name: 'Small', state: 0 },
      { id: 'XL', name: 'Extra large', state: 1 },
    ]);
    expect((await cli('purchase-item-property', 'list')).stdout).toMatch(
      /^size\s+multiselect\s+no\s+no\s+active\s+L=Large, XL=Extra large\s+Item size$/m,
    );
  });

  it('deactivates a property, keeping what purchases stored; change leaves it deactivated and activate restores it', async () => {
    expect(await cli('purchase-property', 'remove', 'receipt_no')).toEqual({
      code: 0,
      stdout: 'Deactivated purchase property receipt_no (state 0)\n',
      stderr: '',
    });
    expect(await rows(`SELECT state FROM purchase_properties WHERE property_id = 'receipt_no'`)).toEqual([{ state: 0 }]);
    expect((await cli('purchase-property', 'list')).stdout).toMatch(/^receipt_no\s+string\s+yes\s+yes\s+deactivated\s+Receipt number$/m);

    expect(
      (await change('purchase-property', 'receipt_no', { property_id: 'receipt_no', name: 'Receipt number', data_type: 'string' })).code,
    ).toBe(0);
    expect(await rows(`SELECT is_required, is_unique, state FROM purchase_properties WHERE property_id = 'receipt_no'`)).toEqual([
      { is_required: false, is_unique: false, state: 0 },
    ]);
    expect(await cli('purchase-property', 'activate', 'receipt_no')).toEqual({
      code: 0,
      stdout: 'Activated purchase property receipt_no (state 1)\n',
      stderr: '',
    });
    expect(await rows(`SELECT state FROM purchase_properties WHERE property_id = 'receipt_no'`)).toEqual([{ state: 1 }]);
  });

  it('keeps the data type of a property purchases have values of', async () => {
    const note = (dataType: string, name = 'Note') => ({ property_id: 'note', name, data_type: dataType });
    expect((await define('purchase-property', note('string'))).code).toBe(0);
    expect((await change('purchase-property', 'note', note('integer'))).code).toBe(0);
    const [{ purchase_id: purchaseId }] = await insertPurchase();
    await db.query(`INSERT INTO purchase_property_records (purchase_id, property_id, property_value) VALUES ($1, 'note', '7')`, [
      purchaseId,
    ]);
    expect(await change('purchase-property', 'note', note('string'))).toEqual({
      code: 1,
      stdout: '',
      stderr: 'Error: data_type: Purchases already have values of this property as integer\n',
    });
    expect((await change('purchase-property', 'note', note('integer', 'Renamed note'))).code).toBe(0);
  });

  it.each([
    [{ property_id: 'x y', name: 'X', data_type: 'string' }, 'property_id: The id may contain only letters, digits, _, . and -'],
    [
      { property_id: 'colour', name: 'Colour', data_type: 'colour' },
      'data_type: The data type must be one of: string, date, integer, float, enum, multiselect, boolean, timestamp',
    ],
    [{ property_id: 'colour', name: 'Colour', data_type: 'enum' }, 'items: An enum property needs at least one item'],
    [
      { property_id: 'colour', name: 'Colour', data_type: 'string', items: [{ id: 'R', name: 'Red' }] },
      'items: Only enum and multiselect properties have items',
    ],
    [
      {
        property_id: 'colour',
        name: 'Colour',
        data_type: 'enum',
        items: [
          { id: 'R', name: 'Red' },
          { id: 'L', name: 'Lime' },
        ],
      },
      'items.1.id: Another property has an item with this id',
    ],
    [{ property_id: 'receipt_no', name: 'Again', data_type: 'string' }, 'property_id: Another property has this id'],
  ])('refuses the definition %j with exit code 1, storing nothing', async (definition, message) => {
    const before = await rows(`SELECT count(*)::int AS n FROM audit_events`);
    expect(await define('purchase-property', definition)).toEqual({ code: 1, stdout: '', stderr: `Error: ${message}\n` });
    expect(await rows(`SELECT property_id FROM purchase_properties WHERE property_id = 'colour'`)).toEqual([]);
    expect(await rows(`SELECT count(*)::int AS n FROM audit_events`)).toEqual(before);
  });

  it.each([
    [['purchase-property', 'remove', 'nope'], 'No purchase-properties record has the id "nope"'],
    [['purchase-item-property', 'remove', 'receipt_no'], 'No purchase-item-properties record has the id "receipt_no"'],
  ])('fails with exit code 1 for %j', async (argv, message) => {
    expect(await cli(...argv)).toEqual({ code: 1, stdout: '', stderr: `Error: ${message}\n` });
  });

  it.each([
    [['purchase-property', 'define', 'colour', '--name', 'Colour'], "unknown option '--name'"],
    [['purchase-property', 'rename', 'colour'], "unknown command 'rename'"],
  ])('refuses the command line %j with exit code 2', async (argv, message) => {
    const run = await cli(...argv);
    expect(run.code).toBe(2);
    expect(run.stderr).toContain(message);
  });

  /** A purchase to hang a value on. */
  async function insertPurchase(): Promise<{ purchase_id: string }[]> {
    const [store] = await rows(`SELECT store_id FROM stores LIMIT 1`);
    const [type] = await rows(`SELECT purchase_type_id FROM purchase_types LIMIT 1`);
    const [payment] = await rows(`SELECT payment_type_id FROM payment_types LIMIT 1`);
    const [currency] = await rows(`SELECT currency_id FROM currencies LIMIT 1`);
    return rows(
      `INSERT INTO purchases (purchase_id, external_purchase_id, store_id, cashdesk_number, purchase_type_id, payment_type_id, currency_id, payment_time, total_price, items_count)
       VALUES ('cli-purchase', 'cli-bill', $1, '1', $2, $3, $4, now(), 1, 0) RETURNING purchase_id`,
      [store.store_id, type.purchase_type_id, payment.payment_type_id, currency.currency_id],
    );
  }
});
