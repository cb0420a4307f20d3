import { randomBytes } from 'node:crypto';
import { BirthdayRunService } from '../../src/modules/loyalty';
import { ChangeFeed } from '../../src/platform/change-feed';
import { TestApp, TestResponse } from '../support/test-app';

/** Event rules answering a customer's registration, referral, consent and birthday, through the same rule machinery as POST /events. */
describe('Earning rules on registration, referral, consent and birthday (HTTP)', () => {
  let t: TestApp;
  let token: string;
  let operatorToken: string;
  let sourceId: string;
  let marketingId: string;

  const call = (method: 'GET' | 'POST' | 'PUT', path: string, body?: unknown): Promise<TestResponse> =>
    t.enterprise(method, path, { token, body });
  const points = async (customerId: string): Promise<{ note: string; points: number }[]> =>
    t.dataSource.query(`SELECT note, assigned_points::float AS points FROM points WHERE customer_id = $1 ORDER BY note`, [customerId]);
  const defineRule = async (code: string, eventType: string, points: number, extra: Record<string, unknown> = {}): Promise<void> => {
    const created = await t.operator('POST', '/earning-rules', {
      token: operatorToken,
      body: {
        code,
        name: code,
        priority: 1,
        stacking: 'cumulative',
        trigger: 'event',
        ...extra,
        conditions: { event_types: [eventType], ...((extra.conditions as object) ?? {}) },
        effects: [{ kind: 'fixed_points', points }],
      },
    });
    expect(created.status).toBe(201);
    await t.service(ChangeFeed).sync();
  };
  const register = async (personal: Record<string, unknown> = {}, extra: Record<string, unknown> = {}): Promise<string> => {
    const response = await call('POST', '/customers', {
      customer: { personal_information: { email: `m-${randomBytes(5).toString('hex')}@example.test`, language_id: 'en', ...personal } },
      customer_source: { customer_source_id: sourceId },
      autologin: false,
      ...extra,
    });
    if (response.status !== 201) throw new Error(`registration failed: ${response.text}`);
    return response.body.data.customer_id as string;
  };

  beforeAll(async () => {
    t = await TestApp.create();
    token = await t.enterpriseToken();
    operatorToken = (await t.operatorToken(['programme_manager'])).token;
    sourceId = (await t.dataSource.query(`SELECT customer_source_id FROM customer_sources LIMIT 1`))[0].customer_source_id;
    marketingId = (await t.dataSource.query(`SELECT agreement_id FROM agreements WHERE text_id = 'marketing_communication'`))[0]
      .agreement_id;
    await defineRule('welcome', 'registration', 10);
    await defineRule('referral', 'referral', 30);
    await defineRule('marketing-consent', 'consent_given', 5, {
      conditions: { consent_ids: [marketingId] },
      limits: { per_customer: [{ period: 'lifetime', times: 1 }] },
    });
    await defineRule('birthday', 'birthday', 50);
  });
  afterAll(() => t.close());

  it('grants the registration rule to a customer created through the API, noting the rule', async () => {
    const customerId = await register();
    expect(await points(customerId)).toEqual([{ note: 'Registration: earning rule welcome', points: 10 }]);
  });

  it('grants the referral rule to both sides of a referral, once each', async () => {
    const referrerId = await register();
    const code: string = (await call('GET', `/customers/${referrerId}/referrals`)).body.data.referrals[0].code;
    const referredId = await register({}, { referral_code: code });
    expect(await points(referrerId)).toEqual([
      { note: `Referral of ${referredId}: earning rule referral`, points: 30 },
      { note: 'Registration: earning rule welcome', points: 10 },
    ]);
    expect(await points(referredId)).toEqual([
      { note: `Referred by ${referrerId}: earning rule referral`, points: 30 },
      { note: 'Registration: earning rule welcome', points: 10 },
    ]);
  });

  it('grants the consent rule when its agreement is given, not for another agreement nor when given again', async () => {
    const customerId = await register();
    const email = `c-${randomBytes(5).toString('hex')}@example.test`;
    const replace = (consents: { consent_id: string; consent_value: number }[]) =>
      call('PUT', `/customers/${customerId}`, {
        customer: { customer_id: customerId, state: 1, personal_information: { email, language_id: 'en', consents } },
      });
    const gtcId = (await t.dataSource.query(`SELECT agreement_id FROM agreements WHERE text_id = 'gtc'`))[0].agreement_id;
    expect((await replace([{ consent_id: gtcId, consent_value: 1 }])).status).toBe(204);
    expect(await points(customerId)).toHaveLength(1);
    for (const value of [1, 0, 1]) expect((await replace([{ consent_id: marketingId, consent_value: value }])).status).toBe(204);
    expect(await points(customerId)).toEqual([
      { note: `Consent ${marketingId} given: earning rule marketing-consent`, points: 5 },
      { note: 'Registration: earning rule welcome', points: 10 },
    ]);
  });

  it('two birthday runs at once grant each customer whose birthday it is once, and a later run not again', async () => {
    const now = new Date('2027-03-14T10:00:00Z');
    const born = await register({ birthdate: '1990-03-14' });
    const notToday = await register({ birthdate: '1990-03-15' });
    const runs = t.service(BirthdayRunService);
    const granted = await Promise.all([runs.run(now), runs.run(now)]);
    expect(granted[0] + granted[1]).toBe(1);
    expect(await runs.run(now)).toBe(0);
    expect(await points(born)).toEqual([
      { note: 'Birthday 2027: earning rule birthday', points: 50 },
      { note: 'Registration: earning rule welcome', points: 10 },
    ]);
    expect(await points(notToday)).toEqual([{ note: 'Registration: earning rule welcome', points: 10 }]);
    expect(await t.dataSource.query(`SELECT year FROM birthday_grants WHERE customer_id = $1`, [born])).toEqual([{ year: 2027 }]);
    // The next year is a year of its own.
    expect(await runs.run(new Date('2028-03-14T10:00:00Z'))).toBe(1);
  });

  it('counts a 29 February birthday on 28 February of a common year', async () => {
    const leapling = await register({ birthdate: '2000-02-29' });
    expect(await t.service(BirthdayRunService).run(new Date('2027-02-28T12:00:00Z'))).toBe(1);
    expect((await points(leapling)).map((point) => point.note)).toContain('Birthday 2027: earning rule birthday');
  });
});
