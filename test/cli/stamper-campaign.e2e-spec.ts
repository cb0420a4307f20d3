import { randomBytes } from 'node:crypto';
import { RewardService } from '../../src/modules/loyalty';
import { CliRun, cliWorkspace, CliWorkspace } from '../support/cli-run';
import { TestApp, TestResponse } from '../support/test-app';

const hex = () => randomBytes(16).toString('hex');

describe('tessera stamper-campaign', () => {
  let t: TestApp;
  let token: string;
  let workspace: CliWorkspace;
  let rewardId: string;
  let bonusRewardId: string;
  let simpleCodeRewardId: string;
  let productId: string;
  let groupId: string;

  const ent = (path: string): Promise<TestResponse> => t.enterprise('GET', path, { token });
  const cli = (argv: string[], stdin?: string) => workspace.run(argv, stdin);
  const define = (definition: object | string): Promise<CliRun> => workspace.runWithFile(['stamper-campaign', 'define'], definition);
  const change = (campaignId: string, definition: object): Promise<CliRun> =>
    workspace.runWithFile(['stamper-campaign', 'change', campaignId], definition);
  /** What a definition writes, so a refusal can be shown to write none of it. */
  const tables = async () =>
    (
      await t.dataSource.query(
        `SELECT (SELECT count(*) FROM stamper_campaigns)::int AS campaigns, (SELECT count(*) FROM stamper_conditions)::int AS conditions,
                (SELECT count(*) FROM stamper_bonus_checkpoints)::int AS checkpoints,
                (SELECT max(last_change) FROM stamper_campaigns) AS changed`,
      )
    )[0];
  const valid = (overrides: Record<string, unknown> = {}) => ({
    names: [
      { language_code: 'en', text: 'Coffee card' },
      { language_code: 'cs', text: 'Kávová karta' },
    ],
    descriptions: [{ language_code: 'en', text: 'Five coffees, one free' }],
    stamp_count: 5,
    valid_from: '2025-01-01 00:00:00',
    valid_to: '2035-12-31T23:59:59',
    count_of_campaign_repetitions: 3,
    reward_id: rewardId,
    stamper_conditions: [
      {
        descriptions: [{ language_code: 'en', text: 'Buy two coffees' }],
        related_to: 'product',
        related_ids: [productId],
        minimum_quantity: 2,
      },
      {
        descriptions: [{ language_code: 'en', text: 'Spend 20 EUR' }],
        related_to: 'purchase_amount',
        minimum_amount: 20,
        max_stamps_per_purchase: 3,
      },
    ],
    stamper_bonus_checkpoints: [{ descriptions: [{ language_code: 'en', text: 'A cookie' }], stamp_number: 3, reward_id: bonusRewardId }],
    ...overrides,
  });

  async function created(definition: object): Promise<string> {
    const run = await define(definition);
    expect(run).toEqual({ code: 0, stdout: expect.stringMatching(/^[0-9a-f]{32}\n$/), stderr: '' });
    return run.stdout.trim();
  }

  beforeAll(async () => {
    t = await TestApp.create();
    token = await t.enterpriseToken();
    workspace = cliWorkspace((t.dataSource.options as { url: string }).url, 'stamper');
    const fixed = (await t.dataSource.query(`SELECT reward_type_id AS id FROM reward_types WHERE text_id = 'fixed_discount'`))[0].id;
    const reward = (code: string, rewardGroup: 0 | 1) =>
      t.service(RewardService).define({ code, names: { en: code }, rewardGroup, rewardTypeId: fixed, rewardTypeValue: 1, pointsCost: 0 });
    rewardId = await reward(`SC${hex().slice(0, 8)}`, 1);
    bonusRewardId = await reward(`SB${hex().slice(0, 8)}`, 1);
    simpleCodeRewardId = await reward(`SX${hex().slice(0, 8)}`, 0);
    [productId, groupId] = [hex(), hex()];
    await t.dataSource.query(`INSERT INTO products (product_id, name) VALUES ($1, 'Coffee')`, [productId]);
    await t.dataSource.query(`INSERT INTO product_groups (product_group_id, external_id, name) VALUES ($1, $2, 'Drinks')`, [
      groupId,
      groupId,
    ]);
  });

  afterAll(async () => {
    await t.close();
    workspace.remove();
  });

  it('creates a campaign from a file, prints its id, and the API serves it', async () => {
    const campaignId = await created(valid());
    const campaign = (await ent(`/stamper-campaigns/${campaignId}`)).body.data;
    expect(campaign).toEqual({
      stamper_campaign_id: campaignId,
      name: 'Coffee card',
      description: 'Five coffees, one free',
      stamp_count: 5,
      valid_from: '2025-01-01 00:00:00',
      valid_to: '2035-12-31 23:59:59',
      count_of_campaign_repetitions: 3,
      stamper_conditions: [
        { stamper_condition_id: expect.any(String), description: 'Buy two coffees' },
        { stamper_condition_id: expect.any(String), description: 'Spend 20 EUR' },
      ],
      stamper_bonus_checkpoints: [{ stamper_bonus_checkpoint_id: expect.any(String), description: 'A cookie', stamp_number: 3 }],
      last_change: expect.any(String),
      state: 1,
    });
    const [rule] = await t.dataSource.query(
      `SELECT related_to, related_ids, minimum_quantity::float AS q, max_stamps_per_purchase AS cap FROM stamper_conditions
        WHERE stamper_condition_id = $1`,
      [campaign.stamper_conditions[0].stamper_condition_id],
    );
    expect(rule).toEqual({ related_to: 'product', related_ids: [productId], q: 2, cap: 1 });
  });

  it('reads a definition from standard input', async () => {
    const run = await cli(['stamper-campaign', 'define', '-'], JSON.stringify(valid({ stamper_bonus_checkpoints: [] })));
    expect(run).toMatchObject({ code: 0, stderr: '' });
    expect((await ent(`/stamper-campaigns/${run.stdout.trim()}`)).body.data.stamper_bonus_checkpoints).toEqual([]);
  });

  it('changes a campaign, keeping the conditions named by id and marking the others deleted', async () => {
    const campaignId = await created(valid());
    const before = (await ent(`/stamper-campaigns/${campaignId}`)).body.data;
    const kept = before.stamper_conditions[0].stamper_condition_id;
    const run = await change(
      campaignId,
      valid({
        count_of_campaign_repetitions: 1,
        stamper_conditions: [
          { stamper_condition_id: kept, related_to: 'product_group', related_ids: [groupId] },
          { related_to: 'product', related_ids: [productId] },
        ],
        stamper_bonus_checkpoints: [],
      }),
    );
    expect(run).toMatchObject({ code: 0, stderr: '' });
    expect(JSON.parse(run.stdout)).toMatchObject({ stamper_campaign_id: campaignId, count_of_campaign_repetitions: 1, state: 1 });
    const after = (await ent(`/stamper-campaigns/${campaignId}`)).body.data;
    expect(after.count_of_campaign_repetitions).toBe(1);
    expect(after.stamper_conditions.map((c: { stamper_condition_id: string }) => c.stamper_condition_id)).toEqual([
      kept,
      expect.any(String),
    ]);
    expect(after.stamper_bonus_checkpoints).toEqual([]);
    const states = await t.dataSource.query(
      `SELECT state, count(*)::int AS n FROM stamper_conditions WHERE stamper_campaign_id = $1 GROUP BY state ORDER BY state`,
      [campaignId],
    );
    expect(states).toEqual([
      { state: 0, n: 1 },
      { state: 1, n: 2 },
    ]);
  });

  it('refuses to change the stamp count once customers hold cards', async () => {
    const campaignId = await created(valid());
    const customer = await t.createCustomer();
    await t.dataSource.query(
      `INSERT INTO stamper_cards (stamper_card_id, stamper_campaign_id, customer_id, card_order) VALUES ($1, $2, $3, 1)`,
      [hex(), campaignId, customer.customerId],
    );
    const run = await change(campaignId, valid({ stamp_count: 6 }));
    expect(run.code).toBe(1);
    expect(run.stderr).toContain('stamp_count: Customers hold cards of this campaign');
    expect((await ent(`/stamper-campaigns/${campaignId}`)).body.data.stamp_count).toBe(5);
  });

  it('shows a campaign as a file change takes back, removes it by deactivating it and activates it again', async () => {
    const campaignId = await created(valid());
    const shown = await cli(['stamper-campaign', 'show', campaignId]);
    expect(shown).toMatchObject({ code: 0, stderr: '' });
    expect(JSON.parse(shown.stdout)).toMatchObject({ stamper_campaign_id: campaignId, reward_id: rewardId, card_count: 0, state: 1 });
    expect(await change(campaignId, JSON.parse(shown.stdout))).toMatchObject({ code: 0, stderr: '' });
    expect(await cli(['stamper-campaign', 'remove', campaignId])).toEqual({
      code: 0,
      stdout: `Deactivated stamper campaign ${campaignId} (state 0)\n`,
      stderr: '',
    });
    expect((await ent(`/stamper-campaigns/${campaignId}`)).body.data.state).toBe(0);
    expect(await cli(['stamper-campaign', 'activate', campaignId])).toMatchObject({ code: 0, stderr: '' });
    expect((await ent(`/stamper-campaigns/${campaignId}`)).body.data.state).toBe(1);
    expect(await cli(['stamper-campaign', 'remove', 'no-such-campaign'])).toEqual({
      code: 1,
      stdout: '',
      stderr: 'Error: No stamper-campaigns record has the id "no-such-campaign"\n',
    });
  });

  it('blocks and unblocks a stamp card, audited as the OS user', async () => {
    const campaignId = await created(valid());
    const customer = await t.createCustomer();
    const cardId = hex();
    await t.dataSource.query(
      `INSERT INTO stamper_cards (stamper_card_id, stamper_campaign_id, customer_id, card_order) VALUES ($1, $2, $3, 1)`,
      [cardId, campaignId, customer.customerId],
    );
    expect(await cli(['stamp-card', 'block', cardId])).toEqual({ code: 0, stdout: `Blocked stamp card ${cardId} (state 0)\n`, stderr: '' });
    expect((await ent(`/stamper-cards/${cardId}`)).body.data.state).toBe(0);
    expect(await cli(['stamp-card', 'unblock', cardId])).toEqual({
      code: 0,
      stdout: `Unblocked stamp card ${cardId} (state 1)\n`,
      stderr: '',
    });
    const audit = await t.dataSource.query(`SELECT channel, operation FROM audit_events WHERE target_id = $1 ORDER BY occurred_at`, [
      cardId,
    ]);
    expect(audit).toEqual([
      { channel: 'cli', operation: 'stamp-card block' },
      { channel: 'cli', operation: 'stamp-card unblock' },
    ]);
    expect((await cli(['stamp-card', 'block', 'no-such-card'])).code).toBe(1);
  });

  it('lists every campaign with its state, stamps, repetitions, conditions and cards', async () => {
    const campaignId = await created(valid({ names: [{ language_code: 'en', text: 'Listed card' }] }));
    const list = await cli(['stamper-campaign', 'list']);
    expect(list).toMatchObject({ code: 0, stderr: '' });
    const lines = list.stdout.trimEnd().split('\n');
    expect(lines[0]).toMatch(/^STAMPER CAMPAIGN ID\s+STATE\s+STAMPS\s+REPETITIONS\s+CONDITIONS\s+CARDS\s+VALID FROM\s+VALID TO\s+NAME$/);
    expect(lines).toHaveLength((await tables()).campaigns + 1);
    expect(list.stdout).toMatch(
      new RegExp(`^${campaignId}\\s+1\\s+5\\s+3\\s+2\\s+0\\s+2025-01-01 00:00:00\\s+2035-12-31 23:59:59\\s+Listed card$`, 'm'),
    );
  });

  it.each([
    ['bad JSON', '{"names": }', 'is not valid JSON'],
    ['a JSON array', '[]', 'The stamper campaign definition must be a JSON object'],
    ['a missing stamp count', () => valid({ stamp_count: undefined }), 'stamp_count: stamp_count should not be null or undefined'],
    ['a stamp count of zero', () => valid({ stamp_count: 0 }), 'stamp_count: stamp_count must not be less than 1'],
    ['no names', () => valid({ names: [] }), 'names: names must contain at least 1 elements'],
    ['no conditions', () => valid({ stamper_conditions: [] }), 'stamper_conditions: stamper_conditions must contain at least 1 elements'],
    [
      'an unknown rule kind',
      () => valid({ stamper_conditions: [{ related_to: 'store', related_ids: [productId] }] }),
      'stamper_conditions.0.related_to: related_to must be one of the following values',
    ],
    [
      'an unknown product',
      () => valid({ stamper_conditions: [{ related_to: 'product', related_ids: [productId, 'nope'] }] }),
      'stamper_conditions.0.related_ids.1: No product has this id',
    ],
    [
      'a group rule naming a product',
      () => valid({ stamper_conditions: [{ related_to: 'product_group', related_ids: [productId] }] }),
      'stamper_conditions.0.related_ids.0: No product_group has this id',
    ],
    [
      'a product rule without products',
      () => valid({ stamper_conditions: [{ related_to: 'product' }] }),
      'stamper_conditions.0.related_ids: List the product ids counted',
    ],
    [
      'an amount rule without an amount',
      () => valid({ stamper_conditions: [{ related_to: 'purchase_amount' }] }),
      'stamper_conditions.0.minimum_amount: A purchase_amount condition needs minimum_amount',
    ],
    [
      'an amount on a product rule',
      () => valid({ stamper_conditions: [{ related_to: 'product', related_ids: [productId], minimum_amount: 5 }] }),
      'stamper_conditions.0.minimum_amount: A product condition counts units, not money',
    ],
    [
      'an uncapped repetition per purchase',
      () => valid({ stamper_conditions: [{ related_to: 'product', related_ids: [productId], max_stamps_per_purchase: 1000 }] }),
      'stamper_conditions.0.max_stamps_per_purchase: max_stamps_per_purchase must not be greater than 100',
    ],
    ['an unknown reward', () => valid({ reward_id: 'nope' }), 'reward_id: No reward has this id'],
    [
      'a reward used by its code',
      () => valid({ reward_id: simpleCodeRewardId }),
      'reward_id: The reward must be an active catalogue/coupon (1) or simple (4) reward',
    ],
    ['an unknown partner', () => valid({ partner_id: 'nope' }), 'partner_id: No partner has this id'],
    ['a validity ending before it starts', () => valid({ valid_to: '2024-01-01 00:00:00' }), 'valid_to: valid_to is before valid_from'],
    ['a validity that is no datetime', () => valid({ valid_from: 'soon' }), 'valid_from: valid_from must be YYYY-MM-DD HH:MM:SS'],
    [
      'a checkpoint beyond the card',
      () => valid({ stamper_bonus_checkpoints: [{ stamp_number: 6, reward_id: 'x' }] }),
      'stamper_bonus_checkpoints.0.stamp_number: A checkpoint lies on the card',
    ],
    [
      'two checkpoints on one stamp',
      () =>
        valid({
          stamper_bonus_checkpoints: [
            { stamp_number: 2, reward_id: bonusRewardId },
            { stamp_number: 2, reward_id: bonusRewardId },
          ],
        }),
      'stamper_bonus_checkpoints.1.stamp_number: Another checkpoint has this stamp number',
    ],
    ['a read-only field', () => valid({ last_change: '2025-01-01 00:00:00' }), 'last_change: property last_change should not exist'],
    [
      'an id, which only change takes',
      () => valid({ stamper_campaign_id: 'nope' }),
      'stamper_campaign_id: property stamper_campaign_id should not exist',
    ],
    [
      'a condition of another campaign',
      () =>
        valid({
          stamper_conditions: [{ stamper_condition_id: 'nope', related_to: 'product', related_ids: [productId] }],
        }),
      'stamper_conditions.0.stamper_condition_id: No condition of this campaign has this id',
    ],
  ])('refuses %s with exit code 1, naming the field, and writes nothing', async (_, definition, message) => {
    // Built when the test runs, as most rows name ids made in beforeAll.
    const content = typeof definition === 'function' ? definition() : definition;
    const before = await tables();
    const run = await define(content);
    expect(run.code).toBe(1);
    expect(run.stdout).toBe('');
    expect(run.stderr).toContain(message);
    expect(await tables()).toEqual(before);
  });

  it.each([
    [['stamper-campaign']],
    [['stamper-campaign', 'rename']],
    [['stamper-campaign', 'define']],
    [['stamper-campaign', 'remove']],
    [['stamper-campaign', 'change', 'x']],
    [['stamper-campaign', 'list', 'x']],
  ])('prints the usage for %j', async (argv) => {
    const run = await cli(argv);
    expect(run.code).toBe(2);
    expect(run.stderr).toContain('Usage: tessera stamper-campaign');
  });
});
