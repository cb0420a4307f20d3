import { randomBytes } from 'node:crypto';
import { WebhookDeliveryService, WebhookEndpointService } from '../../src/modules/webhooks';
import { TestApp, TestCustomer, TestResponse } from '../support/test-app';
import { WebhookReceiver } from '../support/webhook-receiver';

/**
 * Decision 33: a relation a customer makes on the Customer interface is their claim. It shows on their
 * side at once and reaches the other customer's side (list, detail, events, webhooks) only when that
 * customer makes it in return or an operator makes it on the Enterprise interface.
 */
describe('Customer relations as claims (HTTP)', () => {
  let t: TestApp;
  let receiver: WebhookReceiver;
  let enterprise: string;
  let typeId: string;

  interface Side {
    customer: TestCustomer;
    device: string;
  }

  const fresh = async (): Promise<Side> => {
    const customer = await t.createCustomer({ firstName: 'Claire', lastName: `Claim-${randomBytes(3).toString('hex')}` });
    return { customer, device: await t.deviceToken(customer) };
  };
  const relation = (to: Side, isLeading = false) => ({
    related_customer: { related_customer_id: to.customer.customerId, customer_relation_type_id: typeId, is_leading: isLeading },
  });
  const claim = (from: Side, to: Side, isLeading = false): Promise<TestResponse> =>
    t.customer('POST', `/customers/${from.customer.customerId}/related-customers`, { token: from.device, body: relation(to, isLeading) });
  const listOf = async (side: Side): Promise<{ customer_relation_id: string; related_customer_id: string; is_leading: boolean }[]> => {
    const response = await t.customer('GET', `/customers/${side.customer.customerId}/related-customers`, {
      token: side.device,
      query: { all_customer_relations: 'true' },
    });
    expect(response.status).toBe(200);
    return response.body.data.related_customers;
  };
  const enterpriseListOf = async (side: Side): Promise<{ customer_relation_id: string }[]> =>
    (await t.enterprise('GET', `/customers/${side.customer.customerId}/related-customers`, { token: enterprise })).body.data
      .related_customers;
  /** The relation changes in the customer's own event stream, oldest first. */
  const relationEvents = async (side: Side): Promise<{ record_id: string; change: string }[]> =>
    (
      await t.dataSource.query(
        `SELECT e.data FROM customer_events e JOIN event_types t ON t.event_type_id = e.event_type_id
          WHERE t.text_id = 'customer_updated' AND e.customer_id = $1 AND e.data->>'record_type' = 'relation'
          ORDER BY e.created_at, e.event_id`,
        [side.customer.customerId],
      )
    ).map(({ data }: { data: { record_id: string; change: string } }) => ({ record_id: data.record_id, change: data.change }));
  /** The customers the webhook receiver was told of a relation change about since the last call. */
  const webhookCustomers = async (): Promise<string[]> => {
    receiver.requests.length = 0;
    await t.service(WebhookDeliveryService).drain();
    return receiver.requests
      .map((request) => JSON.parse(request.body).data)
      .filter((event) => event.data.record_type === 'relation')
      .map((event) => event.customer_id as string);
  };

  beforeAll(async () => {
    t = await TestApp.create({
      TESSERA_SECRET_KEY: randomBytes(32).toString('base64'),
      TESSERA_WEBHOOK_PRIVATE_TARGETS: 'true',
      TESSERA_WEBHOOK_RETRY: '0',
    });
    receiver = await WebhookReceiver.start();
    enterprise = await t.enterpriseToken();
    typeId = (await t.enterprise('GET', '/customer-relation-types', { token: enterprise })).body.data.customer_relation_types[0]
      .customer_relation_type_id;
    await t.service(WebhookEndpointService).add(receiver.url, ['customer_updated']);
  });

  // Each test hears only of its own changes.
  beforeEach(() => webhookCustomers());

  afterAll(async () => {
    await receiver.close();
    await t.close();
  });

  it("shows a customer's claim on their side at once, and nowhere on the other customer's side", async () => {
    const [a, b] = [await fresh(), await fresh()];
    const created = await claim(a, b);
    expect(created.status).toBe(201);
    const id = created.body.data.customer_relation_id;

    expect(await listOf(a)).toEqual([expect.objectContaining({ customer_relation_id: id, related_customer_id: b.customer.customerId })]);
    const own = await t.customer('GET', `/customers/${a.customer.customerId}/related-customers/${id}`, { token: a.device });
    expect(own.status).toBe(200);
    expect(await relationEvents(a)).toEqual([{ record_id: id, change: 'added' }]);

    expect(await listOf(b)).toEqual([]);
    const detail = await t.customer('GET', `/customers/${b.customer.customerId}/related-customers/${id}`, { token: b.device });
    expect(detail.status).toBe(404);
    expect(await relationEvents(b)).toEqual([]);
    expect(await webhookCustomers()).toEqual([a.customer.customerId]);

    // The operator sees the claim where it is, on the claimant's side only.
    expect(await enterpriseListOf(a)).toEqual([expect.objectContaining({ customer_relation_id: id })]);
    expect(await enterpriseListOf(b)).toEqual([]);
    expect((await t.enterprise('GET', `/customers/${b.customer.customerId}/related-customers/${id}`, { token: enterprise })).status).toBe(
      404,
    );

    // Claiming again is refused; the other customer can neither end the claim nor make it vanish.
    expect((await claim(a, b)).body.error.error_data.invalid_params[0]).toMatchObject({
      name: 'related_customer.related_customer_id',
      reason: 'relation_already_exists',
    });
    const refused = await t.customer('DELETE', `/customers/${b.customer.customerId}/related-customers/${id}`, { token: b.device });
    expect(refused.status).toBe(404);
    expect(await listOf(a)).toEqual([expect.objectContaining({ customer_relation_id: id, state: 1 })]);
    expect(await relationEvents(b)).toEqual([]);
    expect(await webhookCustomers()).toEqual([]);
  });

  it('reaches the other side once that customer makes the relation in return, as one relation', async () => {
    const [a, b] = [await fresh(), await fresh()];
    const id = (await claim(a, b, false)).body.data.customer_relation_id;
    await webhookCustomers();

    // B states the leading role from its own side: A, who claimed not to follow B, leads.
    const contradicting = await claim(b, a, false);
    expect(contradicting.status).toBe(400);
    expect(contradicting.body.error.error_data.invalid_params[0]).toMatchObject({
      name: 'related_customer.is_leading',
      reason: 'not_allowed_value',
    });
    expect(await listOf(b)).toEqual([]);
    expect(await relationEvents(b)).toEqual([]);

    const confirmed = await claim(b, a, true);
    expect(confirmed.status).toBe(201);
    expect(confirmed.body.data.customer_relation_id).toBe(id);
    expect(await listOf(b)).toEqual([
      expect.objectContaining({ customer_relation_id: id, related_customer_id: a.customer.customerId, is_leading: true }),
    ]);
    expect(await listOf(a)).toEqual([
      expect.objectContaining({ customer_relation_id: id, related_customer_id: b.customer.customerId, is_leading: false }),
    ]);
    expect(await enterpriseListOf(b)).toEqual([expect.objectContaining({ customer_relation_id: id })]);
    expect(await relationEvents(b)).toEqual([{ record_id: id, change: 'added' }]);
    expect(await relationEvents(a)).toEqual([{ record_id: id, change: 'added' }]);
    expect(await webhookCustomers()).toEqual([b.customer.customerId]);
    expect((await claim(b, a, true)).body.error.error_data.invalid_params[0].reason).toBe('relation_already_exists');

    // Once confirmed it is both customers' relation: either may end it, and both hear of it.
    const ended = await t.customer('DELETE', `/customers/${b.customer.customerId}/related-customers/${id}`, { token: b.device });
    expect(ended.status).toBe(204);
    expect(await relationEvents(a)).toEqual([
      { record_id: id, change: 'added' },
      { record_id: id, change: 'deleted' },
    ]);
    expect(await relationEvents(b)).toEqual([
      { record_id: id, change: 'added' },
      { record_id: id, change: 'deleted' },
    ]);
  });

  it('lets the claimant withdraw a claim without the other customer ever hearing of it', async () => {
    const [a, b] = [await fresh(), await fresh()];
    const id = (await claim(a, b)).body.data.customer_relation_id;
    await webhookCustomers();
    const withdrawn = await t.customer('DELETE', `/customers/${a.customer.customerId}/related-customers/${id}`, { token: a.device });
    expect(withdrawn.status).toBe(204);
    expect(await listOf(a)).toEqual([expect.objectContaining({ customer_relation_id: id, state: 0 })]);
    expect(await relationEvents(a)).toEqual([
      { record_id: id, change: 'added' },
      { record_id: id, change: 'deleted' },
    ]);
    expect(await listOf(b)).toEqual([]);
    expect(await relationEvents(b)).toEqual([]);
    expect(await webhookCustomers()).toEqual([a.customer.customerId]);

    // B naming A afterwards confirms nothing: it is B's own claim, which A does not see.
    const own = await claim(b, a);
    expect(own.status).toBe(201);
    expect(own.body.data.customer_relation_id).not.toBe(id);
    expect(await listOf(a)).toEqual([expect.objectContaining({ customer_relation_id: id, state: 0 })]);
  });

  it('shows a relation an operator makes on both sides at once, and lets an operator confirm a claim', async () => {
    const [a, b, c] = [await fresh(), await fresh(), await fresh()];
    const made = await t.enterprise('POST', `/customers/${a.customer.customerId}/related-customers`, {
      token: enterprise,
      body: relation(b),
    });
    expect(made.status).toBe(201);
    const id = made.body.data.customer_relation_id;
    expect(await listOf(a)).toEqual([expect.objectContaining({ customer_relation_id: id })]);
    expect(await listOf(b)).toEqual([expect.objectContaining({ customer_relation_id: id, related_customer_id: a.customer.customerId })]);
    expect(await relationEvents(a)).toEqual([{ record_id: id, change: 'added' }]);
    expect(await relationEvents(b)).toEqual([{ record_id: id, change: 'added' }]);
    expect((await webhookCustomers()).sort()).toEqual([a.customer.customerId, b.customer.customerId].sort());

    // The operator making what C claimed confirms C's claim, from either customer's side.
    const claimId = (await claim(c, a)).body.data.customer_relation_id;
    await webhookCustomers();
    const confirmed = await t.enterprise('POST', `/customers/${a.customer.customerId}/related-customers`, {
      token: enterprise,
      body: relation(c, true),
    });
    expect(confirmed.status).toBe(201);
    expect(confirmed.body.data.customer_relation_id).toBe(claimId);
    expect(await listOf(a)).toEqual(expect.arrayContaining([expect.objectContaining({ customer_relation_id: claimId })]));
    expect(await relationEvents(a)).toEqual([
      { record_id: id, change: 'added' },
      { record_id: claimId, change: 'added' },
    ]);
    expect(await relationEvents(c)).toEqual([{ record_id: claimId, change: 'added' }]);
    expect(await webhookCustomers()).toEqual([a.customer.customerId]);
  });
});
