import { randomBytes } from 'node:crypto';
import fc from 'fast-check';
import { WebhookDeliveryService, WebhookEndpointService } from '../../src/modules/webhooks';
import { WebhookReceiver } from '../support/webhook-receiver';
import { SegmentCondition, SegmentEvaluation, SegmentSqlParams, programmeToday, segmentMatchSql } from '../../src/modules/segments';
import { TestApp } from '../support/test-app';
import { purchaseSetting, PurchaseSetting, teaPurchase } from '../support/tea-purchase';

/** Dynamic segments kept by the evaluation run: purchases, cancellations, time, nesting, events, and incremental = full. */
describe('Dynamic segments (evaluation run)', () => {
  let t: TestApp;
  let token: string;
  let enterprise: string;
  let setting: PurchaseSetting;
  let evaluation: SegmentEvaluation;

  const define = async (name: string, conditions: SegmentCondition | null): Promise<string> => {
    const created = await t.operator('POST', '/segments', { token, body: { name, conditions } });
    expect(created.status).toBe(201);
    return created.body.data.segment_id;
  };
  const buy = async (customerId: string): Promise<string> => {
    const body = teaPurchase(setting, customerId);
    expect((await t.enterprise('POST', '/purchases/actions/send-purchase', { token: enterprise, body })).status).toBe(201);
    return body.bill.bill_id;
  };
  const cancel = async (customerId: string, billId: string) => {
    const body = teaPurchase(setting, customerId, { canceled: true, bill_number: billId });
    const sent = await t.enterprise('POST', '/purchases/actions/send-purchase', { token: enterprise, body });
    expect(sent.status).toBe(201);
  };
  const members = async (segmentId: string): Promise<string[]> =>
    (await t.dataSource.query(`SELECT customer_id FROM segment_records WHERE segment_id = $1 ORDER BY customer_id`, [segmentId])).map(
      (row: { customer_id: string }) => row.customer_id,
    );
  const membershipEvents = async (segmentId: string, customerId: string): Promise<string[]> =>
    (
      await t.dataSource.query(
        `SELECT t.text_id FROM customer_events e JOIN event_types t ON t.event_type_id = e.event_type_id
          WHERE e.customer_id = $1 AND e.external_id = $2 AND t.text_id IN ('segment_joined', 'segment_left') ORDER BY e.recorded_at, e.event_id`,
        [customerId, segmentId],
      )
    ).map((row: { text_id: string }) => row.text_id);

  beforeAll(async () => {
    t = await TestApp.create({
      TESSERA_SECRET_KEY: randomBytes(32).toString('base64'),
      TESSERA_WEBHOOK_PRIVATE_TARGETS: 'true',
      TESSERA_WEBHOOK_RETRY: '0',
    });
    token = (await t.operatorToken(['owner'])).token;
    enterprise = await t.enterpriseToken();
    setting = await purchaseSetting(t.dataSource);
    evaluation = t.service(SegmentEvaluation);
    await evaluation.run();
  });
  afterAll(() => t.close());

  it('a purchase moves a customer in at the next run, a cancellation moves them out, each with one event; the contract lists them', async () => {
    const buyers = await define('Bought this month', { kind: 'purchases', days: 30, count_min: 1 });
    await evaluation.run();
    const ann = await t.createCustomer();
    expect(await members(buyers)).not.toContain(ann.customerId);

    const billId = await buy(ann.customerId);
    const started = Date.now();
    const run = await evaluation.run();
    expect(Date.now() - started).toBeLessThan(5000);
    expect(run.touched).toBeGreaterThanOrEqual(1);
    expect(await members(buyers)).toContain(ann.customerId);
    const records = await t.enterprise('GET', `/customers/${ann.customerId}/segment-records`, { token: enterprise });
    expect(records.body.data.segment_records.map((record: { segment_id: string }) => record.segment_id)).toContain(buyers);
    // A second run finds nothing new to do: the event is not repeated.
    await evaluation.run();
    expect(await membershipEvents(buyers, ann.customerId)).toEqual(['segment_joined']);

    await cancel(ann.customerId, billId);
    await evaluation.run();
    expect(await members(buyers)).not.toContain(ann.customerId);
    await evaluation.run();
    expect(await membershipEvents(buyers, ann.customerId)).toEqual(['segment_joined', 'segment_left']);
  });

  it('sends one segment_joined and one segment_left webhook per change, however many runs follow', async () => {
    const receiver = await WebhookReceiver.start();
    try {
      const { endpointId } = await t.service(WebhookEndpointService).add(receiver.url, ['segment_joined', 'segment_left']);
      const big = await define('Spent 60 or more', { kind: 'purchases', amount_min: 60 });
      await evaluation.run();
      const eve = await t.createCustomer();
      await buy(eve.customerId);
      await evaluation.run();
      const second = await buy(eve.customerId);
      for (let run = 0; run < 3; run += 1) await evaluation.run();
      await cancel(eve.customerId, second);
      for (let run = 0; run < 3; run += 1) await evaluation.run();
      await t.service(WebhookDeliveryService).drain();
      const sent = receiver.requests
        .map((request) => JSON.parse(request.body) as { type: string; data: { customer_id: string; external_id: string } })
        .filter((payload) => payload.data.external_id === big && payload.data.customer_id === eve.customerId)
        .map((payload) => payload.type);
      expect(sent).toEqual(['segment_joined', 'segment_left']);
      await t.dataSource.query(`UPDATE webhook_endpoints SET state = 0 WHERE endpoint_id = $1`, [endpointId]);
    } finally {
      await receiver.close();
    }
  });

  it('a rolling window expires a customer at the full evaluation, which runs after a change of the tree and on demand', async () => {
    const recent = await define('Bought this week', { kind: 'purchases', days: 7, count_min: 1 });
    const bob = await t.createCustomer();
    await buy(bob.customerId);
    await evaluation.run();
    expect(await members(recent)).toContain(bob.customerId);
    // The run after re-checks the customers of its own segment_joined event, and then nothing is left to read.
    await evaluation.run();
    // Time passes: the purchase is now eight days old, and nothing touches the customer.
    await t.dataSource.query(`UPDATE purchases SET payment_time = now() - interval '8 days' WHERE customer_id = $1`, [bob.customerId]);
    await evaluation.run();
    expect(await members(recent)).toContain(bob.customerId);
    const evaluated = await t.operator('POST', `/segments/${recent}/actions/evaluate`, { token });
    expect(evaluated.status).toBe(200);
    expect(evaluated.body.data).toMatchObject({ segment_id: recent, joined: 0, left: 1 });
    expect(await members(recent)).not.toContain(bob.customerId);

    // Widening the window is a change of the tree: the next run evaluates it in full.
    const changed = await t.operator('PUT', `/segments/${recent}`, {
      token,
      body: { name: 'Bought these ten days', conditions: { kind: 'purchases', days: 10, count_min: 1 } },
    });
    expect(changed.status).toBe(200);
    const run = await evaluation.run();
    expect(run.full).toBe(1);
    expect(await members(recent)).toContain(bob.customerId);
  });

  it('a segment of segments follows the segment it names within the same run', async () => {
    const loyal = await define('Loyal (static)', null);
    const nested = await define('Loyal buyers', {
      kind: 'all',
      conditions: [
        { kind: 'segment', segment_id: loyal },
        { kind: 'purchases', count_min: 1 },
      ],
    });
    await evaluation.run();
    const cid = await t.createCustomer();
    await buy(cid.customerId);
    await evaluation.run();
    expect(await members(nested)).not.toContain(cid.customerId);
    const added = await t.enterprise('POST', `/segments/${loyal}/actions/add-customer`, {
      token: enterprise,
      body: { customer_id: cid.customerId },
    });
    expect(added.status).toBe(204);
    await evaluation.run();
    expect(await members(nested)).toContain(cid.customerId);
    // A dynamic segment's members are not added by hand, nor may a segment name itself.
    const refused = await t.enterprise('POST', `/segments/${nested}/actions/add-customer`, {
      token: enterprise,
      body: { customer_id: cid.customerId },
    });
    expect(refused.status).toBe(400);
    const cycle = await t.operator('PUT', `/segments/${nested}`, {
      token,
      body: { name: 'Self', conditions: { kind: 'segment', segment_id: nested } },
    });
    expect(cycle.status).toBe(400);
    expect(cycle.body.error.error_data.invalid_params[0].name).toBe('conditions');
  });

  it('previews a tree (size and sample) without writing, and refuses a bad tree naming the field', async () => {
    const dan = await t.createCustomer();
    await buy(dan.customerId);
    const before = await t.dataSource.query(`SELECT count(*)::int AS n FROM segment_records`);
    const preview = await t.operator('POST', '/segments/actions/preview', {
      token,
      body: { conditions: { kind: 'purchases', count_min: 1 } },
    });
    expect(preview.status).toBe(200);
    expect(preview.body.data.size).toBeGreaterThanOrEqual(1);
    expect(preview.body.data.sample.length).toBeLessThanOrEqual(20);
    expect(await t.dataSource.query(`SELECT count(*)::int AS n FROM segment_records`)).toEqual(before);
    const refused = await t.operator('POST', '/segments', {
      token,
      body: { name: 'Bad', conditions: { kind: 'all', conditions: [{ kind: 'purchases', days: -1, count_min: 1 }] } },
    });
    expect(refused.status).toBe(400);
    expect(refused.body.error.error_data.invalid_params[0].name).toBe('conditions.conditions.0.days');
  });

  it('incremental membership equals a full evaluation after any sequence of purchases, cancellations and static memberships', async () => {
    const customers = [await t.createCustomer(), await t.createCustomer(), await t.createCustomer()].map((customer) => customer.customerId);
    const staticSegment = await define('Hand-picked', null);
    const leaf = fc.oneof(
      fc.record({ kind: fc.constant('purchases' as const), count_min: fc.integer({ min: 1, max: 3 }) }),
      fc.record({ kind: fc.constant('purchases' as const), days: fc.constant(30), count_max: fc.integer({ min: 0, max: 2 }) }),
      fc.constant({ kind: 'segment' as const, segment_id: staticSegment }),
      fc.constant({ kind: 'event' as const, event_type: 'purchase' }),
    );
    const tree: fc.Arbitrary<SegmentCondition> = fc.letrec<{ node: SegmentCondition }>((tie) => ({
      node: fc.oneof(
        { depthSize: 'small', withCrossShrink: true },
        leaf,
        fc.record({ kind: fc.constant('all' as const), conditions: fc.array(tie('node'), { minLength: 1, maxLength: 3 }) }),
        fc.record({ kind: fc.constant('any' as const), conditions: fc.array(tie('node'), { minLength: 1, maxLength: 3 }) }),
        fc.record({ kind: fc.constant('not' as const), condition: tie('node') }),
      ),
    })).node;
    const change = fc.record({
      what: fc.constantFrom('buy', 'cancel', 'join', 'leave'),
      who: fc.integer({ min: 0, max: customers.length - 1 }),
    });
    const bills = new Map<string, string[]>();

    await fc.assert(
      fc.asyncProperty(tree, fc.array(change, { minLength: 1, maxLength: 4 }), async (conditions, changes) => {
        const segmentId = await define('Random', conditions);
        await evaluation.run();
        for (const { what, who } of changes) {
          const customerId = customers[who];
          if (what === 'buy') bills.set(customerId, [...(bills.get(customerId) ?? []), await buy(customerId)]);
          if (what === 'cancel' && (bills.get(customerId) ?? []).length > 0) await cancel(customerId, bills.get(customerId)!.pop()!);
          if (what === 'join' || what === 'leave') {
            await t.operator(
              'POST',
              what === 'join' ? `/segments/${staticSegment}/members` : `/segments/${staticSegment}/members/actions/remove`,
              {
                token,
                body: { customer_ids: [customerId] },
              },
            );
          }
          await evaluation.run();
        }
        const now = new Date();
        const params = new SegmentSqlParams({ now, today: programmeToday(now, 'UTC') }, customers);
        const full = (await t.dataSource.query(segmentMatchSql(conditions, params), params.values)).map(
          (row: { customer_id: string }) => row.customer_id,
        );
        const kept = (await members(segmentId)).filter((id) => customers.includes(id));
        expect(kept.sort()).toEqual(full.sort());
        await t.operator('POST', `/segments/${segmentId}/actions/deactivate`, { token });
      }),
      { numRuns: 8 },
    );
  });
});
