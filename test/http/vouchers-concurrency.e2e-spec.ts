import { randomBytes } from 'node:crypto';
import { RewardService } from '../../src/modules/loyalty';
import { TestApp, TestResponse } from '../support/test-app';

describe('Vouchers under concurrency (HTTP)', () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await TestApp.create();
  });

  afterAll(() => t.close());

  it('50 concurrent create-voucher, apply-voucher and reduce-points calls on one customer never overspend nor apply twice', async () => {
    const token = await t.enterpriseToken();
    const ent = (method: 'POST', path: string, body: unknown): Promise<TestResponse> => t.enterprise(method, path, { token, body });
    const partnerId = (await t.dataSource.query(`SELECT partner_id FROM partners ORDER BY created_at LIMIT 1`))[0].partner_id;
    const [{ reward_type_id: typeId }] = await t.dataSource.query(
      `SELECT reward_type_id FROM reward_types WHERE text_id = 'catalogue_item'`,
    );
    const rewardId = await t.service(RewardService).define({
      code: `RACE${randomBytes(4).toString('hex')}`,
      names: { en: 'Race mug' },
      rewardGroup: 1,
      rewardTypeId: typeId,
      pointsCost: 30,
    });
    const customer = await t.createCustomer();
    expect(
      (await ent('POST', '/points/actions/assign-points', { customer_id: customer.customerId, partner_id: partnerId, amount: 400 })).status,
    ).toBe(201);
    const existing: string[] = [];
    for (let i = 0; i < 5; i++) {
      existing.push(
        (await ent('POST', `/rewards/${rewardId}/actions/create-voucher`, { customer_id: customer.customerId })).body.data.voucher_id,
      );
    }
    // 400 - 5 * 30 = 250 points left to race for.
    const now = new Date().toISOString();
    const calls: { kind: 'create' | 'apply' | 'reduce'; voucherId?: string; run: () => Promise<TestResponse> }[] = [];
    for (let i = 0; i < 50; i++) {
      if (i % 2 === 0) {
        const voucherId = existing[i % 5];
        calls.push({
          kind: 'apply',
          voucherId,
          run: () => ent('POST', `/vouchers/${voucherId}/actions/apply-voucher`, { date_applied: now }),
        });
      } else if (i % 10 === 1) {
        calls.push({
          kind: 'reduce',
          run: () => ent('POST', '/points/actions/reduce-points', { customer_id: customer.customerId, partner_id: partnerId, amount: 10 }),
        });
      } else {
        calls.push({
          kind: 'create',
          run: () => ent('POST', `/rewards/${rewardId}/actions/create-voucher`, { customer_id: customer.customerId }),
        });
      }
    }
    const responses = await Promise.all(calls.map((call) => call.run()));

    const outcomes = responses.map((response, index) => ({
      ...calls[index],
      status: response.status,
      reason: response.body?.error?.error_data?.invalid_params?.[0]?.reason,
    }));
    // Every refusal is a clean 400 with the expected reason, never a 500 or a deadlock.
    for (const outcome of outcomes.filter((o) => o.status !== 201 && o.status !== 204)) {
      expect(outcome.status).toBe(400);
      const expected = {
        apply: 'voucher_already_applied',
        create: 'not_enough_points_for_voucher',
        reduce: 'not_enough_points_for_payment',
      }[outcome.kind];
      expect(outcome.reason).toBe(expected);
    }
    // Each existing voucher was applied by exactly one of its five calls.
    for (const voucherId of existing) {
      expect(outcomes.filter((o) => o.kind === 'apply' && o.voucherId === voucherId && o.status === 204)).toHaveLength(1);
    }
    const created = outcomes.filter((o) => o.kind === 'create' && o.status === 201).length;
    const reduced = outcomes.filter((o) => o.kind === 'reduce' && o.status === 201).length;
    expect(created).toBeGreaterThan(0);

    const [{ total: balanceText }] = await t.dataSource.query(
      `SELECT coalesce(sum(available_points), 0)::text AS total FROM points WHERE customer_id = $1`,
      [customer.customerId],
    );
    const [{ total: historyText }] = await t.dataSource.query(
      `SELECT coalesce(sum(point_amount), 0)::text AS total FROM point_history WHERE customer_id = $1`,
      [customer.customerId],
    );
    const balance = Number(balanceText);
    expect(balance).toBeGreaterThanOrEqual(0);
    expect(balance).toBe(250 - 30 * created - 10 * reduced);
    expect(Number(historyText)).toBe(balance);
    // Nothing more could have been bought: the rest is below one voucher or every create call succeeded.
    expect(balance < 30 || created === outcomes.filter((o) => o.kind === 'create').length).toBe(true);
    const [{ vouchers }] = await t.dataSource.query(`SELECT count(*)::int AS vouchers FROM vouchers WHERE customer_id = $1`, [
      customer.customerId,
    ]);
    expect(vouchers).toBe(5 + created);
    const [{ applied }] = await t.dataSource.query(
      `SELECT count(*)::int AS applied FROM vouchers WHERE customer_id = $1 AND applied_at IS NOT NULL`,
      [customer.customerId],
    );
    expect(applied).toBe(5);
  });
  it('a delete racing an application of the same voucher: exactly one wins, and points come back only for deleted vouchers', async () => {
    const token = await t.enterpriseToken();
    const partnerId = (await t.dataSource.query(`SELECT partner_id FROM partners ORDER BY created_at LIMIT 1`))[0].partner_id;
    const [{ reward_type_id: typeId }] = await t.dataSource.query(
      `SELECT reward_type_id FROM reward_types WHERE text_id = 'catalogue_item'`,
    );
    const rewardId = await t.service(RewardService).define({
      code: `RACE${randomBytes(4).toString('hex')}`,
      names: { en: 'Race cup' },
      rewardGroup: 1,
      rewardTypeId: typeId,
      pointsCost: 20,
    });
    const customer = await t.createCustomer();
    await t.enterprise('POST', '/points/actions/assign-points', {
      token,
      body: { customer_id: customer.customerId, partner_id: partnerId, amount: 200 },
    });
    const voucherIds: string[] = [];
    for (let i = 0; i < 10; i++) {
      voucherIds.push(
        (await t.enterprise('POST', `/rewards/${rewardId}/actions/create-voucher`, { token, body: { customer_id: customer.customerId } }))
          .body.data.voucher_id,
      );
    }
    const now = new Date().toISOString();
    const results = await Promise.all(
      voucherIds.flatMap((voucherId) => [
        t.enterprise('DELETE', `/vouchers/${voucherId}`, { token }).then((r) => ({ voucherId, kind: 'delete', status: r.status })),
        t
          .enterprise('POST', `/vouchers/${voucherId}/actions/apply-voucher`, { token, body: { date_applied: now } })
          .then((r) => ({ voucherId, kind: 'apply', status: r.status })),
      ]),
    );
    for (const voucherId of voucherIds) {
      const wins = results.filter((r) => r.voucherId === voucherId && r.status === 204);
      expect(wins).toHaveLength(1);
      const loser = results.find((r) => r.voucherId === voucherId && r.status !== 204);
      // A lost delete finds the voucher applied (400); a lost application finds it gone (404).
      expect(loser?.status).toBe(loser?.kind === 'delete' ? 400 : 404);
    }
    const deleted = results.filter((r) => r.kind === 'delete' && r.status === 204).length;
    const [{ total }] = await t.dataSource.query(
      `SELECT coalesce(sum(available_points), 0)::text AS total FROM points WHERE customer_id = $1`,
      [customer.customerId],
    );
    expect(Number(total)).toBe(20 * deleted);
    const [{ history }] = await t.dataSource.query(
      `SELECT coalesce(sum(point_amount), 0)::text AS history FROM point_history WHERE customer_id = $1`,
      [customer.customerId],
    );
    expect(Number(history)).toBe(20 * deleted);
    expect(await t.dataSource.query(`SELECT count(*)::int AS n FROM vouchers WHERE customer_id = $1`, [customer.customerId])).toEqual([
      { n: 10 - deleted },
    ]);
  });
});
