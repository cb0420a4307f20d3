import { randomBytes } from 'node:crypto';
import { CliRun, cliWorkspace, CliWorkspace } from '../support/cli-run';
import { TestApp, TestResponse } from '../support/test-app';

const hex = () => randomBytes(16).toString('hex');

describe('tessera campaign, campaign-product and audience', () => {
  let t: TestApp;
  let token: string;
  let device: string;
  let workspace: CliWorkspace;
  let currencyId: string;
  let currencyCode: string;
  let privateType: string;
  let productId: string;
  let smsChannel: string;
  const storeIds: string[] = [];

  const ent = (path: string): Promise<TestResponse> => t.enterprise('GET', path, { token });
  const cus = (path: string): Promise<TestResponse> => t.customer('GET', path, { token: device });
  const cli = (argv: string[], stdin?: string) => workspace.run(argv, stdin);
  const one = async (sql: string, params: unknown[] = []) => (await t.dataSource.query(sql, params))[0];
  const count = async (table: string): Promise<number> => (await one(`SELECT count(*)::int AS n FROM ${table}`)).n;
  const define = (command: string, definition: object | string): Promise<CliRun> => workspace.runWithFile([command, 'define'], definition);

  /** Defines something that must be created and returns its id. */
  async function created(command: string, definition: object): Promise<string> {
    const run = await define(command, definition);
    expect(run).toEqual({ code: 0, stdout: expect.stringMatching(/^[0-9a-f]{32}\n$/), stderr: '' });
    return run.stdout.trim();
  }

  const offer = (campaignId: string, changes: Record<string, unknown> = {}) => ({
    product_id: productId,
    currency_id: currencyId,
    campaign_id: campaignId,
    value: 15,
    value_type_id: 1,
    valid_from: '2025-01-01 00:00:00',
    valid_to: '2099-01-01 00:00:00',
    type_id: privateType,
    presentation_data: { name: 'Cheese 15% off' },
    ...changes,
  });

  beforeAll(async () => {
    t = await TestApp.create();
    token = await t.enterpriseToken();
    device = await t.deviceToken();
    workspace = cliWorkspace((t.dataSource.options as { url: string }).url, 'campaigns');
    ({ currency_id: currencyId, code: currencyCode } = await one(`SELECT currency_id, code FROM currencies ORDER BY code LIMIT 1`));
    privateType = (await one(`SELECT type_id FROM customer_types WHERE text_id = 'private'`)).type_id;
    smsChannel = (await one(`SELECT communication_channel_id FROM communication_channels WHERE code = 2`)).communication_channel_id;
    productId = hex();
    await t.dataSource.query(`INSERT INTO products (product_id, name, code) VALUES ($1, 'Cheese', 'CHEESE')`, [productId]);
    for (const code of ['north', 'south', 'east']) {
      const storeId = hex();
      await t.dataSource.query(
        `INSERT INTO stores (store_id, store_code, name, partner_id, system_id) SELECT $1, $2, $2, partner_id, 'pos' FROM partners LIMIT 1`,
        [storeId, `${code}-${storeId.slice(0, 6)}`],
      );
      storeIds.push(storeId);
    }
  });

  afterAll(async () => {
    await t.close();
    workspace.remove();
  });

  describe('tessera campaign', () => {
    it('creates a campaign from a file or standard input, replaces it with change, and the API serves it', async () => {
      const parentId = await created('campaign', { name: 'Dairy week', external_id: 'DW-1' });
      const run = await cli(['campaign', 'define', '-'], JSON.stringify({ name: 'Cheese days', parent_id: parentId, state: 2 }));
      expect(run).toMatchObject({ code: 0, stderr: '' });
      const childId = run.stdout.trim();
      expect((await ent(`/campaigns/${childId}`)).body.data).toEqual({
        idcampaign: childId,
        campaign_id: childId,
        parent_id: parentId,
        name: 'Cheese days',
        last_change: expect.stringMatching(/^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d$/),
        state: 2,
      });
      expect((await cus(`/campaigns/${childId}`)).status).toBe(404);

      const before = await count('campaigns');
      const changed = await workspace.runWithFile(['campaign', 'change', childId], { name: 'Cheese days 2', external_id: 'CD-2' });
      expect(changed).toMatchObject({ code: 0, stderr: '' });
      expect(JSON.parse(changed.stdout)).toMatchObject({ campaign_id: childId, name: 'Cheese days 2', state: 1 });
      expect(await count('campaigns')).toBe(before);
      expect((await cus(`/campaigns/${childId}`)).body.data).toEqual({
        idcampaign: childId,
        campaign_id: childId,
        external_id: 'CD-2',
        name: 'Cheese days 2',
        last_change: expect.any(String),
        state: 1,
      });
    });

    it('removes a campaign by deactivating it; the Enterprise interface still shows it, activating it restores it', async () => {
      const campaignId = await created('campaign', { name: 'Short-lived' });
      expect(await cli(['campaign', 'remove', campaignId])).toEqual({
        code: 0,
        stdout: `Deactivated campaign ${campaignId} (state 0)\n`,
        stderr: '',
      });
      expect((await ent(`/campaigns/${campaignId}`)).body.data.state).toBe(0);
      expect((await cus(`/campaigns/${campaignId}`)).status).toBe(404);
      const shown = await cli(['campaign', 'show', campaignId]);
      expect((await workspace.runWithFile(['campaign', 'change', campaignId], shown.stdout)).code).toBe(0);
      expect((await ent(`/campaigns/${campaignId}`)).body.data.state).toBe(0);
      expect((await cli(['campaign', 'activate', campaignId])).code).toBe(0);
      expect((await cus(`/campaigns/${campaignId}`)).status).toBe(200);
    });

    it('lists every campaign by name with its state, parent and external id', async () => {
      const parentId = await created('campaign', { name: 'Zz parent' });
      const childId = await created('campaign', { name: 'Zz with a parent', parent_id: parentId, external_id: 'ZZ-1' });
      const list = await cli(['campaign', 'list']);
      expect(list).toMatchObject({ code: 0, stderr: '' });
      const lines = list.stdout.trimEnd().split('\n');
      expect(lines[0]).toMatch(/^CAMPAIGN ID\s+STATE\s+PARENT ID\s+EXTERNAL ID\s+NAME$/);
      expect(lines).toHaveLength((await count('campaigns')) + 1);
      const names = lines.slice(1).map((line) => line.split(/\s{2,}/)[4]);
      expect(names).toEqual([...names].sort());
      expect(lines.at(-2)).toMatch(new RegExp(`^${parentId}\\s+active\\s+-\\s+-\\s+Zz parent$`));
      expect(lines.at(-1)).toMatch(new RegExp(`^${childId}\\s+active\\s+${parentId}\\s+ZZ-1\\s+Zz with a parent$`));
    });

    it('refuses a parent beneath the campaign itself', async () => {
      const topId = await created('campaign', { name: 'Top' });
      const lowId = await created('campaign', { name: 'Low', parent_id: topId });
      const run = await workspace.runWithFile(['campaign', 'change', topId], { name: 'Top', parent_id: lowId });
      expect(run).toEqual({ code: 1, stdout: '', stderr: 'Error: parent_id: The parent would be the campaign itself or one beneath it\n' });
      expect((await workspace.runWithFile(['campaign', 'change', topId], { name: 'Top', parent_id: topId })).code).toBe(1);
      expect((await one(`SELECT parent_id FROM campaigns WHERE campaign_id = $1`, [topId])).parent_id).toBeNull();
    });

    it.each([
      ['bad JSON', '{"name": }', 'is not valid JSON'],
      ['a JSON array', '[]', 'The campaign definition must be a JSON object'],
      ['a missing name', { external_id: 'x' }, 'name: name should not be null or undefined'],
      ['a state outside 1 and 2', { name: 'x', state: 0 }, 'state: state must be one of the following values: 1, 2'],
      ['a read-only field', { name: 'x', idcampaign: 'x' }, 'idcampaign: property idcampaign should not exist'],
      ['an unknown parent', { name: 'x', parent_id: 'no-such-campaign' }, 'parent_id: No campaign has this id'],
      ['an id, which only change takes', { campaign_id: 'no-such-campaign', name: 'x' }, 'property campaign_id should not exist'],
    ])('refuses %s with exit code 1 and writes nothing', async (_, definition, message) => {
      const before = await count('campaigns');
      const run = await define('campaign', definition);
      expect(run.code).toBe(1);
      expect(run.stdout).toBe('');
      expect(run.stderr).toContain(message);
      expect(await count('campaigns')).toBe(before);
    });
  });

  describe('tessera campaign-product', () => {
    let campaignId: string;
    const storesOf = async (id: string): Promise<string[]> =>
      (
        await t.dataSource.query(`SELECT store_id FROM campaign_product_store_records WHERE campaign_product_id = $1 ORDER BY store_id`, [
          id,
        ])
      ).map((row: { store_id: string }) => row.store_id);

    beforeAll(async () => {
      campaignId = await created('campaign', { name: 'Cheese campaign' });
    });

    it('creates a campaign product with its stores and property values, which the API serves', async () => {
      const id = await created(
        'campaign-product',
        offer(campaignId, {
          display_in: ['web'],
          store_ids: [storeIds[0], storeIds[1], storeIds[0]],
          presentation_data: { name: 'Cheese 15% off', subtitle: 'All week' },
          campaign_product_property_records: [{ property_id: 'aisle', property_name: 'Aisle', property_value: 7 }],
        }),
      );
      expect((await ent(`/campaign-products/${id}`)).body.data).toEqual({
        campaign_product_id: id,
        product_id: productId,
        currency_id: currencyId,
        campaign_id: campaignId,
        value: 15,
        value_type_id: 1,
        valid_from: '2025-01-01 00:00:00',
        valid_to: '2099-01-01 00:00:00',
        display_in: ['web'],
        type_id: privateType,
        presentation_data: { name: 'Cheese 15% off', subtitle: 'All week' },
        campaign_product_property_records: [
          {
            property_record_id: `aisle:${id}`,
            property_id: 'aisle',
            property_name: 'Aisle',
            property_value: 7,
            last_change: expect.any(String),
          },
        ],
        last_change: expect.any(String),
        state: 1,
      });
      expect(await storesOf(id)).toEqual([storeIds[0], storeIds[1]].sort());
    });

    it('replaces a campaign product and its stores with change, keeping the records of stores it still has', async () => {
      const id = await created('campaign-product', offer(campaignId, { store_ids: [storeIds[0], storeIds[1]] }));
      const kept = await one(
        `SELECT campaign_product_store_record_id FROM campaign_product_store_records WHERE campaign_product_id = $1 AND store_id = $2`,
        [id, storeIds[1]],
      );
      const before = await count('campaign_products');
      const storeCode = (await one(`SELECT store_code FROM stores WHERE store_id = $1`, [storeIds[2]])).store_code;
      const run = await workspace.runWithFile(
        ['campaign-product', 'change', id],
        offer(campaignId, {
          value: 4.5,
          value_type_id: 2,
          currency_id: currencyCode,
          type_id: 'private',
          store_ids: [storeIds[1], storeCode],
        }),
      );
      expect(run).toMatchObject({ code: 0, stderr: '' });
      expect(JSON.parse(run.stdout)).toMatchObject({ campaign_product_id: id, currency_id: currencyId, type_id: privateType, state: 1 });
      expect(await count('campaign_products')).toBe(before);
      expect(await storesOf(id)).toEqual([storeIds[1], storeIds[2]].sort());
      expect(
        await one(
          `SELECT campaign_product_store_record_id FROM campaign_product_store_records WHERE campaign_product_id = $1 AND store_id = $2`,
          [id, storeIds[1]],
        ),
      ).toEqual(kept);
      expect((await ent(`/campaign-products/${id}`)).body.data).toMatchObject({ value: 4.5, value_type_id: 2, display_in: [] });

      expect((await workspace.runWithFile(['campaign-product', 'change', id], offer(campaignId))).code).toBe(0);
      expect(await storesOf(id)).toEqual([]);
    });

    it('blocks a campaign product on remove: the Customer interface no longer shows it, activating it restores it', async () => {
      const id = await created('campaign-product', offer(campaignId, { store_ids: [storeIds[2]] }));
      expect(await cli(['campaign-product', 'remove', id])).toEqual({
        code: 0,
        stdout: `Deactivated campaign product ${id} (state 0)\n`,
        stderr: '',
      });
      expect((await ent(`/campaign-products/${id}`)).body.data.state).toBe(0);
      expect((await cus(`/campaign-products/${id}`)).status).toBe(404);
      expect(await storesOf(id)).toEqual([storeIds[2]]);
      const shown = await cli(['campaign-product', 'show', id]);
      expect((await workspace.runWithFile(['campaign-product', 'change', id], shown.stdout)).code).toBe(0);
      expect((await ent(`/campaign-products/${id}`)).body.data.state).toBe(0);
      expect((await cli(['campaign-product', 'activate', id])).code).toBe(0);
      expect((await cus(`/campaign-products/${id}`)).body.data.state).toBe(1);
    });

    it('lists every campaign product with its state, campaign, value, validity and stores', async () => {
      const listCampaign = await created('campaign', { name: 'Listed' });
      const percent = await created(
        'campaign-product',
        offer(listCampaign, { presentation_data: { name: 'A percent' }, store_ids: [storeIds[0]] }),
      );
      const price = await created(
        'campaign-product',
        offer(listCampaign, { value: 2.5, value_type_id: 2, presentation_data: { name: 'B price' } }),
      );
      expect((await cli(['campaign-product', 'remove', price])).code).toBe(0);
      const list = await cli(['campaign-product', 'list']);
      expect(list).toMatchObject({ code: 0, stderr: '' });
      const lines = list.stdout.trimEnd().split('\n');
      expect(lines[0]).toMatch(/^CAMPAIGN PRODUCT ID\s+STATE\s+CAMPAIGN ID\s+PRODUCT ID\s+VALUE\s+VALID FROM\s+VALID TO\s+STORES\s+NAME$/);
      expect(lines).toHaveLength((await count('campaign_products')) + 1);
      const validity = '2025-01-01 00:00:00\\s+2099-01-01 00:00:00';
      expect(list.stdout).toMatch(
        new RegExp(`^${percent}\\s+active\\s+${listCampaign}\\s+${productId}\\s+15% off\\s+${validity}\\s+1\\s+A percent$`, 'm'),
      );
      expect(list.stdout).toMatch(
        new RegExp(
          `^${price}\\s+blocked\\s+${listCampaign}\\s+${productId}\\s+2.5 \\(final price\\)\\s+${validity}\\s+all\\s+B price$`,
          'm',
        ),
      );
    });

    it.each([
      ['a missing product', (c: string) => offer(c, { product_id: undefined }), 'product_id: product_id should not be null or undefined'],
      ['an unknown product', (c: string) => offer(c, { product_id: 'nope' }), 'product_id: No product has this id'],
      ['an unknown currency', (c: string) => offer(c, { currency_id: 'nope' }), 'currency_id: No currency has this id'],
      ['an unknown campaign', () => offer('nope'), 'campaign_id: No campaign has this id'],
      ['an unknown customer type', (c: string) => offer(c, { type_id: 'nope' }), 'type_id: No active customer type has this id'],
      ['an unknown store', (c: string) => offer(c, { store_ids: ['nope'] }), 'store_ids: No store has this id'],
      ['a percentage above 100', (c: string) => offer(c, { value: 101 }), 'value: A percentage discount lies between 0 and 100'],
      [
        'a validity ending before it starts',
        (c: string) => offer(c, { valid_to: '2024-01-01 00:00:00' }),
        'valid_to: valid_to must not precede valid_from',
      ],
      [
        'a display place outside the list',
        (c: string) => offer(c, { display_in: ['mapi'] }),
        'display_in: each value in display_in must be one of the following values',
      ],
      [
        'presentation data without a name',
        (c: string) => offer(c, { presentation_data: {} }),
        'presentation_data.name: name should not be null or undefined',
      ],
      [
        'a property id that is no key',
        (c: string) => offer(c, { campaign_product_property_records: [{ property_id: 'Aisle No', property_value: 1 }] }),
        'campaign_product_property_records.0.property_id: property_id takes lowercase letters, digits and underscores',
      ],
      [
        'a property given twice',
        (c: string) =>
          offer(c, {
            campaign_product_property_records: [
              { property_id: 'aisle', property_value: 1 },
              { property_id: 'aisle', property_value: 2 },
            ],
          }),
        'campaign_product_property_records.property_id: Each property may have one value',
      ],
      ['a read-only field', (c: string) => offer(c, { state: 1 }), 'state: property state should not exist'],
      [
        'an id, which only change takes',
        (c: string) => offer(c, { campaign_product_id: 'nope' }),
        'property campaign_product_id should not exist',
      ],
    ])('refuses %s with exit code 1 and writes nothing', async (_, definition, message) => {
      const before = [await count('campaign_products'), await count('campaign_product_store_records')];
      const run = await define('campaign-product', definition(campaignId));
      expect(run.code).toBe(1);
      expect(run.stdout).toBe('');
      expect(run.stderr).toContain(message);
      expect([await count('campaign_products'), await count('campaign_product_store_records')]).toEqual(before);
    });
  });

  describe('tessera audience', () => {
    it('creates audiences with the channel given by id, code or text id, changes them, lists them, deactivates and activates them', async () => {
      const newsletter = await created('audience', { name: 'Zz newsletter', communication_channel_id: '1' });
      const sms = await created('audience', { name: 'Zz texting', communication_channel_id: smsChannel });
      const emailChannel = (await one(`SELECT communication_channel_id FROM communication_channels WHERE code = 1`))
        .communication_channel_id;
      expect((await ent(`/audiences/${newsletter}`)).body.data).toEqual({
        audience_id: newsletter,
        name: 'Zz newsletter',
        communication_channel_id: emailChannel,
        state: 1,
        last_change: expect.stringMatching(/^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d$/),
      });

      const shown = await cli(['audience', 'show', sms]);
      expect(JSON.parse(shown.stdout)).toMatchObject({ audience_id: sms, communication_channel_text_id: 'sms', state: 1 });
      const changed = await workspace.runWithFile(['audience', 'change', sms], {
        ...JSON.parse(shown.stdout),
        name: 'Zz texting regulars',
        communication_channel_id: 'sms',
      });
      expect(changed).toMatchObject({ code: 0, stderr: '' });
      expect(JSON.parse(changed.stdout)).toMatchObject({
        audience_id: sms,
        name: 'Zz texting regulars',
        communication_channel_id: smsChannel,
      });
      expect(await cli(['audience', 'remove', newsletter])).toEqual({
        code: 0,
        stdout: `Deactivated audience ${newsletter} (state 0)\n`,
        stderr: '',
      });
      expect((await ent(`/audiences/${newsletter}`)).body.data.state).toBe(0);
      const trail = await t.dataSource.query(
        `SELECT channel, operation FROM audit_events WHERE target_type = 'audience' AND target_id = $1 ORDER BY audit_event_id`,
        [newsletter],
      );
      expect(trail).toEqual([
        { channel: 'cli', operation: 'audience define' },
        { channel: 'cli', operation: 'audience remove' },
      ]);

      const list = await cli(['audience', 'list']);
      expect(list).toMatchObject({ code: 0, stderr: '' });
      const lines = list.stdout.trimEnd().split('\n');
      expect(lines[0]).toMatch(/^AUDIENCE ID\s+STATE\s+CHANNEL\s+NAME$/);
      expect(lines).toHaveLength((await count('audiences')) + 1);
      expect(lines.slice(-2)).toEqual([
        expect.stringMatching(new RegExp(`^${newsletter}\\s+deactivated\\s+email\\s+Zz newsletter$`)),
        expect.stringMatching(new RegExp(`^${sms}\\s+active\\s+sms\\s+Zz texting regulars$`)),
      ]);
      expect((await cli(['audience', 'activate', newsletter])).code).toBe(0);
      expect((await ent(`/audiences/${newsletter}`)).body.data.state).toBe(1);
    });

    it.each([
      ['a missing channel', { name: 'x' }, 'communication_channel_id: communication_channel_id should not be null or undefined'],
      [
        'an unknown channel',
        { name: 'x', communication_channel_id: '77' },
        'communication_channel_id: No communication channel has this id',
      ],
      ['an empty name', { name: '', communication_channel_id: '1' }, 'name: name needs more than spaces'],
      ['an unknown field', { name: 'x', communication_channel_id: '1', state: 1 }, 'state: property state should not exist'],
      ['an id', { audience_id: 'nope', name: 'x', communication_channel_id: '1' }, 'audience_id: property audience_id should not exist'],
    ])('refuses %s with exit code 1 and writes nothing', async (_, definition, message) => {
      const before = await count('audiences');
      const run = await define('audience', definition);
      expect(run.code).toBe(1);
      expect(run.stdout).toBe('');
      expect(run.stderr).toContain(message);
      expect(await count('audiences')).toBe(before);
    });
  });

  it.each([
    [['campaign', 'remove', 'nope'], 'No campaigns record has the id "nope"'],
    [['campaign-product', 'remove', 'nope'], 'No campaign-products record has the id "nope"'],
    [['audience', 'remove', 'nope'], 'No audiences record has the id "nope"'],
  ])('fails with exit code 1 for %j', async (argv, message) => {
    expect(await cli(argv)).toEqual({ code: 1, stdout: '', stderr: `Error: ${message}\n` });
  });

  it.each([
    [['campaign']],
    [['campaign', 'rename']],
    [['campaign', 'define']],
    [['campaign', 'list', 'extra']],
    [['campaign-product', 'define', 'a.json', 'b.json']],
    [['campaign-product', 'remove']],
    [['audience']],
    [['audience', 'remove', 'a', 'b']],
  ])('prints a usage error and exits 2 for %j', async (argv) => {
    const run = await cli(argv);
    expect(run.code).toBe(2);
    expect(run.stdout).toBe('');
    expect(run.stderr).toContain('Usage:');
  });
});
