import { randomBytes } from 'node:crypto';
import { EventDefinitionService } from '../../src/modules/events';
import { ChangeFeed } from '../../src/platform/change-feed';
import { TestApp, TestResponse } from '../support/test-app';

/** Event rules through `POST /events`: the points of the rules answering the event's type, with their limits. */
describe('Earning rules on posted events (HTTP)', () => {
  let t: TestApp;
  let token: string;
  let operatorToken: string;
  const types: Record<string, string> = {};

  const post = (customerId: string, type: string): Promise<TestResponse> =>
    t.enterprise('POST', '/events', {
      token,
      body: { event: { event_type_id: types[type], customer_id: customerId, external_id: `ext-${randomBytes(4).toString('hex')}` } },
    });
  const points = async (customerId: string): Promise<{ note: string; points: number }[]> =>
    t.dataSource.query(`SELECT note, assigned_points::float AS points FROM points WHERE customer_id = $1 ORDER BY created_at`, [
      customerId,
    ]);

  beforeAll(async () => {
    t = await TestApp.create();
    token = await t.enterpriseToken();
    operatorToken = (await t.operatorToken(['programme_manager'])).token;
    const definitions = t.service(EventDefinitionService);
    await definitions.defineGroup({ textId: 'engagement', name: 'Engagement' });
    for (const textId of ['app_review', 'newsletter_open']) {
      types[textId] = await t.dataSource.transaction((m) =>
        definitions.insertType({ textId, name: textId, group: 'engagement', propertyIds: [] }, m),
      );
    }
    await t.service(ChangeFeed).sync();
  });
  afterAll(() => t.close());

  it('posting an event without a rule for its type writes no points', async () => {
    const customerId = (await t.createCustomer()).customerId;
    expect((await post(customerId, 'app_review')).status).toBe(201);
    expect(await points(customerId)).toEqual([]);
  });

  it("grants a rule's points once in the customer's lifetime, noting the rule, and only for the types it names", async () => {
    const created = await t.operator('POST', '/earning-rules', {
      token: operatorToken,
      body: {
        code: 'review-bonus',
        name: 'Twenty points for a review',
        priority: 1,
        stacking: 'cumulative',
        trigger: 'event',
        conditions: { event_types: ['app_review'] },
        effects: [{ kind: 'fixed_points', points: 20 }],
        limits: { per_customer: [{ period: 'lifetime', times: 1 }] },
      },
    });
    expect(created.status).toBe(201);
    const customerId = (await t.createCustomer()).customerId;
    expect((await post(customerId, 'app_review')).status).toBe(201);
    expect((await post(customerId, 'app_review')).status).toBe(201);
    expect((await post(customerId, 'newsletter_open')).status).toBe(201);
    expect(await points(customerId)).toEqual([{ note: 'Event app_review: earning rule review-bonus', points: 20 }]);
    const history = await t.enterprise('GET', '/points', { token, query: { customer_id: customerId } });
    expect(history.body.data.points.map((point: { note?: string }) => point.note)).toEqual(['Event app_review: earning rule review-bonus']);
  });
});
