import type { Locator, Page } from 'playwright-core';
import { RewardService } from '../../src/modules/loyalty';
import { ConsoleBrowser, describeInBrowser } from '../support/console-browser';

/**
 * Where a form refers to another record it offers a search by name, never an id box: a product, a product
 * group, a brand, a credit type, the store a loyalty rule's value applies to, the product groups a stamp
 * counts and the reward a checkpoint issues are each found by typing part of a name, and the API then holds
 * the chosen record's id.
 */
describeInBrowser('Console: reference pickers', () => {
  let b: ConsoleBrowser;
  let token: string;
  const ids: Record<string, string> = {};

  /** The id the operator API lists under `path` for the record found by `q`. */
  async function idOf(path: string, q: string, field: string): Promise<string> {
    const answer = await b.t.operator('GET', path, { token, query: { q } });
    const rows = Object.values(answer.body.data).find(Array.isArray) as Record<string, string>[];
    expect(rows).toHaveLength(1);
    return rows[0][field];
  }

  /** Types part of a name into the picker labelled `label` (within `scope`) and chooses the option named `option`. */
  async function pick(scope: Page | Locator, label: string, typed: string, option: string) {
    await scope.getByRole('combobox', { name: label, exact: true }).fill(typed);
    await ('page' in scope ? scope.page() : scope).getByRole('option', { name: option }).click();
  }

  beforeAll(async () => {
    b = await ConsoleBrowser.start();
    token = (await b.t.operatorToken(['owner'])).token;
    const enterprise = await b.t.enterpriseToken();
    const batch = async (path: string, body: unknown) =>
      expect((await b.t.enterprise('POST', path, { token: enterprise, body })).status).toBe(204);
    await batch('/product-brands/batch', { product_brands: [{ name: 'Highland Roasters', external_id: 'pick-highland' }] });
    await batch('/product-groups/batch', { product_groups: [{ name: 'Filter coffee', external_id: 'pick-filter', code: 'FC' }] });
    await batch('/products/batch', {
      products: [
        {
          name: 'Kenya AA filter',
          code: 'KAA',
          plu_ids: [{ list_code: 'EAN', code: 'pick-kenya' }],
          product_group_external_id: 'pick-filter',
        },
      ],
    });
    ids.product = await idOf('/products', 'Kenya', 'product_id');
    ids.group = await idOf('/product-groups', 'Filter coffee', 'product_group_id');
    ids.brand = await idOf('/product-brands', 'Highland', 'product_brand_id');
    const creditType = await b.t.operator('POST', '/credit-types', {
      token,
      body: { name: 'Barista credit', currency_id: 'EUR', is_default: false },
    });
    expect(creditType.status).toBe(201);
    ids.creditType = creditType.body.data.credit_type_id;
    const partner = await b.t.operator('POST', '/partners', { token, body: { name: 'Picker Partner' } });
    const store = await b.t.operator('POST', '/stores', {
      token,
      body: { name: 'Riverside Kiosk', store_code: 'PICK-RIVER', partner_id: partner.body.data.partner_id, system_id: 'pos' },
    });
    expect(store.status).toBe(201);
    ids.store = store.body.data.store_id;
    const fixed = (await b.t.dataSource.query(`SELECT reward_type_id AS id FROM reward_types WHERE text_id = 'fixed_discount'`))[0].id;
    const reward = (code: string, name: string) =>
      b.t
        .service(RewardService)
        .define({ code, names: { en: name }, rewardGroup: 1, rewardTypeId: fixed, rewardTypeValue: 1, pointsCost: 0 });
    ids.fullCard = await reward('PICKFULL', 'Free filter coffee');
    ids.cookie = await reward('PICKCOOKIE', 'A cookie');
    const campaign = await b.t.operator('POST', '/stamper-campaigns', {
      token,
      body: {
        names: [{ language_code: 'en', text: 'Filter card' }],
        stamp_count: 6,
        count_of_campaign_repetitions: 1,
        reward_id: ids.fullCard,
        stamper_conditions: [{ related_to: 'product', related_ids: [ids.product], minimum_quantity: 1 }],
      },
    });
    expect(campaign.status).toBe(201);
    ids.campaign = campaign.body.data.stamper_campaign_id;
  }, 180_000);
  afterAll(() => b?.close(), 120_000);

  it('writes an earning rule whose products, group, brand and credit type are picked by name', async () => {
    const { page, context } = await b.signedIn(['owner']);
    await page.getByRole('menuitem', { name: 'Earning rules' }).click();
    await page.getByRole('link', { name: 'Create' }).click();
    await page.getByRole('textbox', { name: 'Code' }).fill('filter-credits');
    await page.getByRole('textbox', { name: 'Name', exact: true }).fill('Filter coffee earns credits');
    await page.getByRole('spinbutton', { name: 'Priority (lowest first)' }).fill('5');
    await page.getByRole('combobox', { name: 'Stacking' }).click();
    await page.getByRole('option', { name: 'Cumulative (adds to the rest)' }).click();

    await page.getByRole('button', { name: 'Add a condition' }).click();
    await page.getByRole('combobox', { name: 'Condition' }).click();
    await page.getByRole('option', { name: 'Products in the bill' }).click();
    await pick(page, 'Products', 'kenya', 'Kenya AA filter');
    await pick(page, 'Product groups', 'filter', 'Filter coffee');
    await pick(page, 'Product brands', 'highland', 'Highland Roasters');

    await page.getByRole('button', { name: 'Add', exact: true }).first().click();
    await page.getByRole('combobox', { name: 'Effect' }).click();
    await page.getByRole('option', { name: 'Credits' }).click();
    await page.getByRole('spinbutton', { name: 'Amount', exact: true }).fill('2');
    await pick(page, 'Credit type', 'barista', 'Barista credit');
    await b.screenshot(page, 'earning-rule-pickers');
    await page.getByRole('button', { name: 'Save' }).click();
    await page.getByRole('cell', { name: 'Filter coffee earns credits' }).waitFor();

    const rule = (await b.t.operator('GET', '/earning-rules/filter-credits', { token })).body.data;
    expect(rule.conditions).toEqual({
      items: { product_ids: [ids.product], product_group_ids: [ids.group], product_brand_ids: [ids.brand] },
    });
    expect(rule.effects).toEqual([{ kind: 'credits', amount: 2, credit_type_id: ids.creditType }]);
    expect(b.errors()).toEqual([]);
    await context.close();
  });

  it("sets a loyalty rule's value for a store picked by name, the picker following the scope chosen", async () => {
    const { page, context } = await b.signedIn(['owner']);
    await page.getByRole('menuitem', { name: 'Loyalty rules' }).click();
    await page.getByRole('cell', { name: 'points_per_currency_unit', exact: true }).click();
    const values = page.locator('.ra-input-values');
    await values.getByRole('button', { name: 'Add' }).last().click();
    const row = values.locator('.RaSimpleFormIterator-line').last();
    await row.getByRole('combobox', { name: 'Applies to' }).click();
    await page.getByRole('option', { name: 'A partner' }).click();
    await pick(row, 'Partner', 'picker', 'Picker Partner');
    // Another scope names another kind of record: the partner chosen goes, a store is searched for instead.
    await row.getByRole('combobox', { name: 'Applies to' }).click();
    await page.getByRole('option', { name: 'A store' }).click();
    expect(await row.getByRole('combobox', { name: 'Store', exact: true }).inputValue()).toBe('');
    await pick(row, 'Store', 'riverside', 'Riverside Kiosk');
    await row.getByRole('textbox', { name: 'Value' }).fill('3');
    await b.screenshot(page, 'loyalty-rule-store-value');
    await page.getByRole('button', { name: 'Save' }).click();
    await page.getByRole('cell', { name: 'points_per_currency_unit', exact: true }).waitFor();

    const rule = (await b.t.operator('GET', '/loyalty-rules/points_per_currency_unit', { token })).body.data;
    expect(rule.values).toContainEqual({ scope: 'store', scope_id: ids.store, value: '3' });
    expect(b.errors()).toEqual([]);
    await context.close();
  });

  it("changes a stamp-card campaign's condition to product groups and adds a checkpoint, each picked by name", async () => {
    const { page, context } = await b.signedIn(['owner']);
    await page.getByRole('menuitem', { name: 'Stamp-card campaigns' }).click();
    await page.getByRole('cell', { name: 'Filter card' }).click();
    const conditions = page.locator('.ra-input-stamper_conditions');
    await conditions.getByRole('combobox', { name: 'Counts' }).click();
    await page.getByRole('option', { name: 'Product groups' }).click();
    await pick(conditions, 'Product groups', 'filter', 'Filter coffee');
    const checkpoints = page.locator('.ra-input-stamper_bonus_checkpoints');
    await checkpoints.getByRole('button', { name: 'Add' }).last().click();
    await checkpoints.getByRole('spinbutton', { name: 'At stamp' }).fill('3');
    await pick(checkpoints, 'Reward', 'PICKCOO', 'PICKCOOKIE');
    await b.screenshot(page, 'stamper-campaign-pickers');
    await page.getByRole('button', { name: 'Save' }).click();
    await page.getByRole('cell', { name: 'Filter card' }).waitFor();

    const campaign = (await b.t.operator('GET', `/stamper-campaigns/${ids.campaign}`, { token })).body.data;
    expect(campaign.stamper_conditions).toEqual([
      expect.objectContaining({ related_to: 'product_group', related_ids: [ids.group], minimum_quantity: 1 }),
    ]);
    expect(campaign.stamper_bonus_checkpoints).toEqual([expect.objectContaining({ stamp_number: 3, reward_id: ids.cookie })]);
    expect(b.errors()).toEqual([]);
    await context.close();
  });
});
