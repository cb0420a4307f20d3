import { randomBytes } from 'node:crypto';
import { join } from 'node:path';
import { CliRun, cliWorkspace, CliWorkspace } from '../support/cli-run';
import { TestApp, TestResponse } from '../support/test-app';

const hex = () => randomBytes(16).toString('hex');

describe('tessera reward', () => {
  let t: TestApp;
  let token: string;
  let workspace: CliWorkspace;
  let storeA: string;
  let storeB: string;
  let productA: string;
  let productB: string;
  let groupId: string;
  let brandId: string;
  const typeIds: Record<string, string> = {};

  const ent = (path: string, query?: Record<string, string>): Promise<TestResponse> =>
    t.enterprise('GET', path, { token, query, headers: { 'accept-language': 'en' } });

  beforeAll(async () => {
    t = await TestApp.create();
    token = await t.enterpriseToken();
    workspace = cliWorkspace((t.dataSource.options as { url: string }).url, 'reward');
    const partnerId = (await t.dataSource.query(`SELECT partner_id FROM partners ORDER BY created_at LIMIT 1`))[0].partner_id;
    [storeA, storeB, productA, productB, groupId, brandId] = Array.from({ length: 6 }, hex);
    await t.dataSource.query(
      `INSERT INTO stores (store_id, store_code, name, partner_id, system_id) VALUES ($1, $2, 'CLI store A', $4, 'sys'), ($3, $5, 'CLI store B', $4, 'sys')`,
      [storeA, `CA${storeA.slice(0, 6)}`, storeB, partnerId, `CB${storeB.slice(0, 6)}`],
    );
    await t.dataSource.query(`INSERT INTO product_groups (product_group_id, external_id, name) VALUES ($1, $2, 'Drinks')`, [
      groupId,
      `G${groupId}`,
    ]);
    await t.dataSource.query(`INSERT INTO product_brands (product_brand_id, external_id, name) VALUES ($1, $2, 'Acme')`, [
      brandId,
      `B${brandId}`,
    ]);
    await t.dataSource.query(
      `INSERT INTO products (product_id, name, code, product_group_id, product_brand_id) VALUES ($1, 'Coffee', 'C1', $3, $4), ($2, 'Cake', 'C2', NULL, NULL)`,
      [productA, productB, groupId, brandId],
    );
    for (const row of await t.dataSource.query(`SELECT reward_type_id, text_id FROM reward_types`))
      typeIds[row.text_id] = row.reward_type_id;
  });

  afterAll(async () => {
    await t.close();
    workspace.remove();
  });

  const cli = (argv: string[], stdin?: string) => workspace.run(argv, stdin);

  /** Defines the definition (an object as JSON, a string as it is) from a file. */
  const define = (definition: object | string, ...options: string[]): Promise<CliRun> =>
    workspace.runWithFile(['reward', 'define'], definition, ...options);

  const rewardCount = async (): Promise<number> => (await ent('/rewards')).body.data.total_items;

  describe('a catalogue reward with product conditions and bonuses', () => {
    const code = `CAT${hex().slice(0, 8)}`;
    let rewardId: string;

    beforeAll(async () => {
      const run = await define(
        {
          code,
          names: [
            { language_code: 'en', text: 'Free cake with two coffees' },
            { language_code: 'CS', text: 'Dort zdarma ke dvema kavam' },
          ],
          subtitles: [{ language_code: 'en', text: 'Every morning' }],
          reward_group: 1,
          reward_type_id: 'catalogue_item',
          points_cost: 150,
          valid_date_from: '2025-01-01',
          valid_date_to: '2099-12-31',
          valid_time_from: '08:00:00',
          valid_time_to: '11:30:00',
          priority: 2,
          stores: [{ store_id: storeA }, { store_id: storeB, visible_for_customer: 0 }],
          products: [
            { product_id: productA, relation: 'condition' },
            { product_id: productB, relation: 'bonus' },
          ],
          product_groups: [{ product_group_id: groupId, relation: 'condition' }],
          product_brands: [{ product_brand_id: brandId, relation: 'bonus' }],
          reward_product_relation_conditions: [{ related_to: 'product', count: 2, min_price: 1.5, max_price: 10 }],
          reward_product_relation_bonuses: [{ related_to: 'product', count: 1 }],
        },
        '--json',
      );
      expect(run).toMatchObject({ code: 0, stderr: '' });
      rewardId = JSON.parse(run.stdout).reward_id;
    });

    it('is served by the API as defined', async () => {
      const reward = await ent(`/rewards/${rewardId}`);
      expect(reward.status).toBe(200);
      expect(reward.body.data).toMatchObject({
        reward_id: rewardId,
        code,
        name: 'Free cake with two coffees',
        subtitle: 'Every morning',
        points_cost: 150,
        reward_group: 1,
        reward_type_id: typeIds.catalogue_item,
        valid_time_from: '08:00:00',
        valid_time_to: '11:30:00',
        priority: 2,
        is_automated: false,
        state: 1,
        has_product_condition: true,
        has_group_condition: true,
        has_brand_condition: false,
        has_product_bonus: true,
        has_group_bonus: false,
        has_brand_bonus: true,
        reward_product_relation_conditions: [{ related_to: 'product', count: 2, min_price: 1.5, max_price: 10 }],
        reward_product_relation_bonuses: [{ related_to: 'product', count: 1 }],
      });
      const czech = await t.enterprise('GET', `/rewards/${rewardId}`, { token, headers: { 'accept-language': 'cs' } });
      expect(czech.body.data.name).toBe('Dort zdarma ke dvema kavam');
    });

    it('has its products, groups, brands and stores with their relations', async () => {
      const products = await ent(`/rewards/${rewardId}/products`, { sort_field: 'name' });
      expect(
        products.body.data.products.map((p: { product_id: string; reward_product_relation_types: string[] }) => [
          p.product_id,
          p.reward_product_relation_types,
        ]),
      ).toEqual([
        [productB, ['bonus']],
        [productA, ['condition']],
      ]);
      expect(
        (await ent(`/rewards/${rewardId}/product-groups`, { reward_product_relation_type: 'condition' })).body.data.product_groups,
      ).toEqual([expect.objectContaining({ product_group_id: groupId })]);
      expect(
        (await ent(`/rewards/${rewardId}/product-brands`, { reward_product_relation_type: 'bonus' })).body.data.product_brands,
      ).toEqual([expect.objectContaining({ product_brand_id: brandId })]);
      expect((await ent(`/rewards/${rewardId}/stores`)).body.data.total_items).toBe(2);
      const visible = await ent(`/rewards/${rewardId}/stores`, { visible_for_customer: '1' });
      expect(visible.body.data.stores.map((store: { store_id: string }) => store.store_id)).toEqual([storeA]);
    });

    it('refuses a second reward with the same code', async () => {
      const before = await rewardCount();
      const run = await define({
        code,
        names: [{ language_code: 'en', text: 'Again' }],
        reward_group: 1,
        reward_type_id: 'catalogue_item',
      });
      expect(run).toMatchObject({ code: 1, stdout: '' });
      expect(run.stderr).toContain('code: Another reward has this code');
      expect(await rewardCount()).toBe(before);
    });
  });

  it('defines an automated group-0 discount from standard input, its type given by id', async () => {
    const code = `AUTO${hex().slice(0, 8)}`;
    const definition = {
      code,
      names: [{ language_code: 'en', text: 'Five off above twenty' }],
      reward_group: 0,
      reward_type_id: typeIds.fixed_discount,
      reward_type_value: 5,
      minimum_purchase_value: 20,
      is_automated: true,
      valid_weekdays: [6, 7],
    };
    const run = await cli(['reward', 'define', '-'], JSON.stringify(definition));
    expect(run).toMatchObject({ code: 0, stderr: '' });
    expect(run.stdout).toMatch(/^\S+\n$/);
    const rewardId = run.stdout.trim();
    const reward = await ent(`/rewards/${rewardId}`);
    expect(reward.body.data).toMatchObject({
      code,
      reward_group: 0,
      reward_type_id: typeIds.fixed_discount,
      is_automated: true,
      points_cost: 0,
      store_list: [],
    });
    expect(
      (await ent('/rewards', { is_automated: 'true', reward_group: '0' })).body.data.rewards.map((r: { reward_id: string }) => r.reward_id),
    ).toContain(rewardId);
  });

  it('defines a gift card whose vouchers carry its balance', async () => {
    const code = `GIFT${hex().slice(0, 8)}`;
    const run = await define(
      {
        code,
        names: [{ language_code: 'en', text: 'Gift card 50' }],
        reward_group: 1,
        reward_type_id: 'gift_card',
        reward_type_value: 50,
        voucher_validity: 'interval',
        voucher_validity_value: '1 year',
      },
      '--json',
    );
    expect(run).toMatchObject({ code: 0, stderr: '' });
    const rewardId = JSON.parse(run.stdout).reward_id;
    expect((await ent(`/rewards/${rewardId}`)).body.data).toMatchObject({ code, reward_group: 1, reward_type_id: typeIds.gift_card });

    const customer = await t.createCustomer();
    const voucher = await t.enterprise('POST', `/rewards/${rewardId}/actions/create-voucher`, {
      token,
      body: { customer_id: customer.customerId },
    });
    expect(voucher.status).toBe(201);
    const balance = await t.enterprise('POST', '/vouchers/actions/gift-card-balance', {
      token,
      body: { voucher_id: voucher.body.data.voucher_id },
    });
    expect(balance.body.data).toMatchObject({ current_balance: 50, original_balance: 50 });
  });

  const minimal = (overrides: Record<string, unknown>) => ({
    code: `BAD${hex().slice(0, 8)}`,
    names: [{ language_code: 'en', text: 'Refused' }],
    reward_group: 1,
    reward_type_id: 'catalogue_item',
    ...overrides,
  });

  it.each([
    ['bad JSON', '{"code": "X", names: []}', 'is not valid JSON'],
    ['a JSON array', '[]', 'The reward definition must be a JSON object'],
    [
      'a missing field',
      { names: [{ language_code: 'en', text: 'No code' }], reward_group: 1, reward_type_id: 'catalogue_item' },
      'code: code should not be null or undefined',
    ],
    ['a wrong field type', minimal({ points_cost: 'ten' }), 'points_cost: points_cost must be a number'],
    ['a wrong nested field type', minimal({ stores: [{ store_id: 7 }] }), 'stores.0.store_id: store_id must be a string'],
    ['an unknown field', minimal({ valid_from: '2025-01-01' }), 'valid_from: property valid_from should not exist'],
    ['a reward group outside the enum', minimal({ reward_group: 5 }), 'reward_group'],
    [
      'a relation that is neither condition nor bonus',
      minimal({ products: [{ product_id: 'p', relation: 'gift' }] }),
      'products.0.relation',
    ],
    ['an unknown store', minimal({ stores: [{ store_id: 'no-such-store' }] }), 'stores: No store has this id'],
    ['an unknown product', minimal({ products: [{ product_id: 'no-such-product', relation: 'condition' }] }), 'products'],
    ['an unknown reward type', minimal({ reward_type_id: 'free_lunch' }), 'reward_type_id: No reward type has this id or text id'],
    [
      'a percentage above 100',
      minimal({ reward_type_id: 'percentage_discount', reward_type_value: 120 }),
      'reward_type_value: A percentage is above 0 and at most 100',
    ],
    [
      'a gift card without a value',
      minimal({ reward_type_id: 'gift_card' }),
      'reward_type_value: A gift_card reward needs reward_type_value',
    ],
    [
      'an interval without a value',
      minimal({ voucher_validity: 'interval' }),
      'voucher_validity_value: voucher_validity_value is required for interval',
    ],
    [
      'a reward for a partner without the partner',
      minimal({ global_reward: false }),
      'partner_id: A reward that is not global needs a partner',
    ],
    ['a code the vendor exports would split', minimal({ code: 'TEN-OFF' }), 'code: The code may not contain | or -'],
    [
      'a validity ending before it starts',
      minimal({ valid_date_from: '2025-02-01', valid_date_to: '2025-01-01' }),
      'valid_date_to: The validity ends before it starts',
    ],
  ])('refuses %s with exit code 1 and creates nothing', async (_, definition, message) => {
    const before = await rewardCount();
    const run = await define(definition);
    expect(run.code).toBe(1);
    expect(run.stdout).toBe('');
    expect(run.stderr).toContain(message);
    expect(await rewardCount()).toBe(before);
  });

  it.each([
    [['reward']],
    [['reward', 'define']],
    [['reward', 'define', 'a.json', 'b.json']],
    [['reward', 'list', 'extra']],
    [['reward', 'remove']],
  ])('prints a usage error and exits 2 for %j', async (argv) => {
    const run = await cli(argv);
    expect(run.code).toBe(2);
    expect(run.stdout).toBe('');
    expect(run.stderr).toContain('Usage:');
  });

  it('names a file it cannot read with exit code 2', async () => {
    const run = await cli(['reward', 'define', join(workspace.dataDir, 'missing.json')]);
    expect(run.code).toBe(2);
    expect(run.stderr).toContain(`Cannot read ${join(workspace.dataDir, 'missing.json')}`);
    expect(run.stderr).not.toContain('Usage:');
  });

  it('lists every reward by code with its group, type, points, validity and state', async () => {
    const inactive = `ZZOFF${hex().slice(0, 6)}`;
    expect((await define(minimal({ code: inactive, state: 2, points_cost: 12.5, valid_date_to: '2030-06-30' }))).code).toBe(0);
    const list = await cli(['reward', 'list']);
    expect(list).toMatchObject({ code: 0, stderr: '' });
    const lines = list.stdout.trimEnd().split('\n');
    expect(lines[0]).toMatch(/^CODE\s+REWARD ID\s+GROUP\s+TYPE ID\s+AUTOMATED\s+POINTS COST\s+VALID\s+STATE$/);
    const codes = lines.slice(1).map((line) => line.split(/\s+/)[0]);
    expect(codes).toEqual([...codes].sort());
    expect(codes).toHaveLength(await rewardCount());
    expect(list.stdout).toMatch(
      new RegExp(`^${inactive}\\s+\\S+\\s+1\\s+${typeIds.catalogue_item}\\s+false\\s+12\\.50\\s+\\.\\.2030-06-30\\s+inactive$`, 'm'),
    );
    expect(list.stdout).toMatch(
      new RegExp(`^AUTO\\S+\\s+\\S+\\s+0\\s+${typeIds.fixed_discount}\\s+true\\s+0\\.00\\s+\\.\\.\\s+active$`, 'm'),
    );
  });
});
