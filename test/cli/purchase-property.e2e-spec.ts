import { cliWorkspace, CliWorkspace } from '../support/cli-run';
import { cloneTemplateDatabase } from '../support/test-database';
import { Client } from 'pg';

describe('tessera purchase-property', () => {
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

  const rows = async (sql: string, params: unknown[] = []) => (await db.query(sql, params)).rows;

  it('defines a property of each resource and lists them', async () => {
    expect(
      await cli('purchase-property', 'define', 'receipt_no', '--name', 'Receipt number', '--data-type', 'string', '--unique', '--required'),
    ).toEqual({
      code: 0,
      stdout: 'Purchase property receipt_no created\n',
      stderr: '',
    });
    const size = await cli(
      'purchase-property',
      'define',
      'size',
      '--resource',
      'purchase_item',
      '--name',
      'Size',
      '--data-type',
      'enum',
      '--item',
      'S=Small',
      '--item',
      'L=Large = big',
    );
    expect(size).toEqual({ code: 0, stdout: 'Purchase item property size created\n', stderr: '' });
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

    const list = await cli('purchase-property', 'list');
    expect(list).toMatchObject({ code: 0, stderr: '' });
    expect(list.stdout.split('\n')).toEqual([
      expect.stringMatching(/^RESOURCE\s+PROPERTY ID\s+NAME\s+DATA TYPE\s+REQUIRED\s+UNIQUE\s+STATE\s+ITEMS$/),
      expect.stringMatching(/^purchase\s+receipt_no\s+Receipt number\s+string\s+yes\s+yes\s+active$/),
      expect.stringMatching(/^purchase_item\s+size\s+Size\s+enum\s+no\s+no\s+active\s+L=Large = big, S=Small$/),
      '',
    ]);
  });

  it('redefines a property: new items replace the old ones, which stay as deleted', async () => {
    const redefined = await cli(
      'purchase-property',
      'define',
      'size',
      '--resource',
      'purchase_item',
      '--name',
      'Item size',
      '--data-type',
      'multiselect',
      '--item',
      'L=Large',
      '--item',
      'XL=Extra large',
    );
    expect(redefined).toEqual({ code: 0, stdout: 'Purchase item property size updated\n', stderr: '' });
    expect(await rows(`SELECT id, name, state FROM purchase_property_items WHERE property_id = 'size' ORDER BY id`)).toEqual([
      { id: 'L', name: 'Large', state: 1 },
      { id: 'S', name: 'Small', state: 0 },
      { id: 'XL', name: 'Extra large', state: 1 },
    ]);
    expect((await cli('purchase-property', 'list')).stdout).toMatch(
      /purchase_item\s+size\s+Item size\s+multiselect\s+no\s+no\s+active\s+L=Large, XL=Extra large\n/,
    );
  });

  it('removes a property by marking it deleted, keeping what purchases stored, and defining it again makes it active', async () => {
    expect(await cli('purchase-property', 'remove', 'receipt_no')).toEqual({
      code: 0,
      stdout: 'Purchase property receipt_no removed; the values purchases have are kept\n',
      stderr: '',
    });
    expect(await cli('purchase-property', 'remove', 'receipt_no')).toEqual({
      code: 0,
      stdout: 'Purchase property receipt_no was removed already\n',
      stderr: '',
    });
    expect(await rows(`SELECT state FROM purchase_properties WHERE property_id = 'receipt_no'`)).toEqual([{ state: 0 }]);
    expect((await cli('purchase-property', 'list')).stdout).toMatch(
      /purchase\s+receipt_no\s+Receipt number\s+string\s+yes\s+yes\s+deleted\n/,
    );

    expect((await cli('purchase-property', 'define', 'receipt_no', '--name', 'Receipt number', '--data-type', 'string')).stdout).toBe(
      'Purchase property receipt_no updated\n',
    );
    expect(await rows(`SELECT is_required, is_unique, state FROM purchase_properties WHERE property_id = 'receipt_no'`)).toEqual([
      { is_required: false, is_unique: false, state: 1 },
    ]);
  });

  it('keeps the data type of a property purchases have values of', async () => {
    await cli('purchase-property', 'define', 'note', '--name', 'Note', '--data-type', 'string');
    expect((await cli('purchase-property', 'define', 'note', '--name', 'Note', '--data-type', 'integer')).code).toBe(0);
    const [{ purchase_id: purchaseId }] = await insertPurchase();
    await db.query(`INSERT INTO purchase_property_records (purchase_id, property_id, property_value) VALUES ($1, 'note', '7')`, [
      purchaseId,
    ]);
    const refused = await cli('purchase-property', 'define', 'note', '--name', 'Note', '--data-type', 'string');
    expect(refused).toEqual({
      code: 1,
      stdout: '',
      stderr: 'Error: data_type: Purchases already have values of this property as integer\n',
    });
    expect((await cli('purchase-property', 'define', 'note', '--name', 'Renamed note', '--data-type', 'integer')).code).toBe(0);
  });

  it.each([
    [
      ['purchase-property', 'define', 'x y', '--name', 'X', '--data-type', 'string'],
      'property_id: The id may contain only letters, digits, _, . and -',
    ],
    [
      ['purchase-property', 'define', 'colour', '--name', 'Colour', '--data-type', 'colour'],
      'data_type: The data type must be one of: string, date, integer, float, enum, multiselect, boolean, timestamp',
    ],
    [
      ['purchase-property', 'define', 'colour', '--name', 'Colour', '--data-type', 'enum'],
      'items: An enum property needs at least one item',
    ],
    [
      ['purchase-property', 'define', 'colour', '--name', 'Colour', '--data-type', 'string', '--item', 'R=Red'],
      'items: Only enum and multiselect properties have items',
    ],
    [
      ['purchase-property', 'define', 'colour', '--name', 'Colour', '--data-type', 'enum', '--item', 'R=Red', '--item', 'L=Lime'],
      'items.1.id: Another property has an item with this id',
    ],
    [['purchase-property', 'remove', 'nope'], 'No purchase-properties record has the id "nope"'],
    [
      ['purchase-property', 'remove', 'receipt_no', '--resource', 'purchase_item'],
      'No purchase-item-properties record has the id "receipt_no"',
    ],
  ])('fails with exit code 1 for %j', async (argv, message) => {
    const run = await cli(...argv);
    expect(run).toEqual({ code: 1, stdout: '', stderr: `Error: ${message}\n` });
    expect(await rows(`SELECT property_id FROM purchase_properties WHERE property_id = 'colour'`)).toEqual([]);
  });

  it.each([
    [['purchase-property', 'define', 'colour', '--data-type', 'string'], "required option '--name <NAME>' not specified"],
    [
      ['purchase-property', 'define', 'colour', '--name', 'Colour', '--data-type', 'string', '--resource', 'bill'],
      "option '--resource <RESOURCE>' argument 'bill' is invalid",
    ],
    [
      ['purchase-property', 'define', 'colour', '--name', 'Colour', '--data-type', 'enum', '--item', 'Red'],
      '--item needs VALUE_ID=NAME, not "Red"',
    ],
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
