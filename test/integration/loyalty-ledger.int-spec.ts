import { TestApp, TestCustomer } from '../support/test-app';
import { CreditLedgerService, CreditTypeService, PointLedgerService } from '../../src/modules/loyalty';

/** The ledger primitives other contexts call (a voucher purchase, a purchase closure). */
describe('Loyalty ledgers (services)', () => {
  let t: TestApp;
  let points: PointLedgerService;
  let customer: TestCustomer;

  const history = async (customerId: string): Promise<{ amount: number; type: string }[]> =>
    (
      await t.dataSource.query(
        `SELECT point_amount::float AS amount, operation_type AS type FROM point_history WHERE customer_id = $1 ORDER BY recorded_at, point_history_id`,
        [customerId],
      )
    ).map((row: { amount: number; type: string }) => row);

  beforeAll(async () => {
    t = await TestApp.create();
    points = t.service(PointLedgerService);
  });

  beforeEach(async () => {
    customer = await t.createCustomer();
  });

  afterAll(() => t.close());

  it("deducts inside the caller's transaction and rolls back with it", async () => {
    await points.addPoints({ customerId: customer.customerId, amount: 5000n });
    await expect(
      t.dataSource.transaction(async (manager) => {
        await points.deductPoints({ customerId: customer.customerId, amount: 2000n, note: 'voucher' }, manager);
        expect(await points.balance(customer.customerId, undefined, manager)).toBe(3000n);
        throw new Error('the voucher insert failed');
      }),
    ).rejects.toThrow('the voucher insert failed');
    expect(await points.balance(customer.customerId)).toBe(5000n);
    expect((await history(customer.customerId)).length).toBe(1);
  });

  it("reports a shortfall with the caller's field and reason", async () => {
    await points.addPoints({ customerId: customer.customerId, amount: 100n });
    const error = await points
      .deductPoints({
        customerId: customer.customerId,
        amount: 101n,
        shortfall: { field: 'reward_id', reason: 'not_enough_points_for_voucher' },
      })
      .catch((e: { toApiError(): { status: number; body: { error_data: unknown } } }) => e.toApiError());
    expect(error).toMatchObject({
      status: 400,
      body: {
        error_data: {
          invalid_params: [expect.objectContaining({ name: 'reward_id', reason: 'not_enough_points_for_voucher', value: '1.01' })],
        },
      },
    });
  });

  it('does not spend expired points, and writes their remainder off in the history', async () => {
    const old = await points.addPoints({ customerId: customer.customerId, amount: 3000n, validTo: new Date(Date.now() + 60_000) });
    await points.addPoints({ customerId: customer.customerId, amount: 1000n });
    await t.dataSource.query(`UPDATE points SET valid_to = now() - interval '1 day' WHERE point_id = $1`, [old]);
    expect(await points.balance(customer.customerId)).toBe(1000n);
    await expect(points.deductPoints({ customerId: customer.customerId, amount: 1500n })).rejects.toBeDefined();
    await points.deductPoints({ customerId: customer.customerId, amount: 400n });
    const movements = await history(customer.customerId);
    expect(movements.map((m) => m.type)).toEqual(['Points addition', 'Points addition', 'Points expiration', 'Points reduction']);
    expect(movements.reduce((sum, m) => sum + m.amount, 0)).toBe(6);
    const [expired] = await t.dataSource.query(`SELECT available_points::float AS available, state FROM points WHERE point_id = $1`, [old]);
    expect(expired).toEqual({ available: 0, state: 2 });
  });

  it('keeps credit balances per currency', async () => {
    const credits = t.service(CreditLedgerService);
    const type = await t.service(CreditTypeService).resolve(undefined, 'credit_type_id');
    const [usd] = await t.dataSource.query(`SELECT currency_id FROM currencies WHERE code = 'USD'`);
    const [partner] = await t.dataSource.query(`SELECT partner_id FROM partners ORDER BY created_at LIMIT 1`);
    const entry = { customerId: customer.customerId, creditTypeId: type.id, partnerId: partner.partner_id };
    await credits.addCredits({ ...entry, amount: 50000n, currencyId: type.currencyId });
    await credits.addCredits({ ...entry, amount: 20000n, currencyId: usd.currency_id });
    await expect(credits.deductCredits({ ...entry, amount: 30000n, currencyId: usd.currency_id })).rejects.toBeDefined();
    await credits.deductCredits({ ...entry, amount: 30000n, currencyId: type.currencyId });
    expect(await credits.availableCredits(customer.customerId, type.id, type.currencyId)).toBe(20000n);
    expect(await credits.availableCredits(customer.customerId, type.id, usd.currency_id)).toBe(20000n);
  });
});
