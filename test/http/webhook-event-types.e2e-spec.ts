import { randomBytes } from 'node:crypto';
import { Webhook } from 'standardwebhooks';
import { EntranceService, EntranceState } from '../../src/modules/entrances';
import { CustomerAccountService } from '../../src/modules/customers';
import { EventDefinitionService } from '../../src/modules/events';
import { OrderService } from '../../src/modules/orders';
import { WebhookDeliveryService, WebhookEndpointService } from '../../src/modules/webhooks';
import { OUTBOX_EVENT_TYPES } from '../../src/platform/outbox';
import { bookableSlot, orderInput, reservationInput } from '../support/engagement-records';
import { defineReward } from '../support/reward-records';
import { purchaseSetting, teaPurchase } from '../support/tea-purchase';
import { TestApp, TestCustomer, TestResponse } from '../support/test-app';
import { WebhookReceiver } from '../support/webhook-receiver';

const SETTINGS = {
  TESSERA_SECRET_KEY: randomBytes(32).toString('base64'),
  TESSERA_WEBHOOK_PRIVATE_TARGETS: 'true',
  TESSERA_WEBHOOK_RETRY: '0',
};
const OPERATOR_TYPE = 'webhook_store_visit';
/** When the operator-type event happened: before the endpoint was added. */
const VISITED_AT = '2020-01-01 08:00:00';
const hex = () => randomBytes(8).toString('hex');

interface Delivered {
  id: string;
  payload: {
    type: string;
    timestamp: string;
    data: {
      event_id: string;
      customer_id: string;
      external_id: string;
      data: Record<string, unknown>;
      resource_type: string;
      resource: Record<string, unknown> | null;
    };
  };
}

/**
 * One endpoint subscribed to every type receives one change of each, caused the way clients cause them
 * (the Enterprise interface, the Customer interface where a customer acts, the operator's services where
 * only the operator moves a record), and every request is checked with an independent verifier.
 */
describe('Webhooks: every event type (HTTP)', () => {
  let t: TestApp;
  let receiver: WebhookReceiver;
  let secret: string;
  let token: string;
  let jane: { customerId: string; device: string };
  let max: TestCustomer;
  let delivered: Delivered[];
  /** The records whose GET answers 404 by the time the events are sent. */
  const gone = { booking: '', customer: '' };

  /** The response, after checking its status; a wrong one fails with the body, which tells why. */
  const answered = (response: TestResponse, request: string, status: number): TestResponse => {
    expect({ request, status: response.status, body: response.status === status ? undefined : response.body }).toEqual({ request, status });
    return response;
  };
  const ent = async (method: 'GET' | 'POST' | 'PUT' | 'DELETE', path: string, body?: unknown, status?: number): Promise<TestResponse> => {
    const response = await t.enterprise(method, path, { token, body });
    if (status !== undefined) answered(response, `${method} ${path}`, status);
    return response;
  };
  const asJane = async (method: 'POST' | 'PUT', path: string, body: unknown, status: number): Promise<TestResponse> => {
    const response = await t.customer(method, path, { token: jane.device, body });
    return answered(response, `${method} ${path}`, status);
  };
  const one = async <T>(sql: string, params: unknown[] = []): Promise<T> => (await t.dataSource.query(sql, params))[0];

  /** A voucher of a new free reward taking 5 off a bill, for the customer: its id and code. */
  async function discountVoucher(customerId: string): Promise<{ id: string; code: string }> {
    const rewardId = await defineReward(t, 'Webhook discount');
    const id = (await ent('POST', `/rewards/${rewardId}/actions/create-voucher`, { customer_id: customerId }, 201)).body.data.voucher_id;
    return { id, code: (await ent('GET', `/vouchers/${id}`, undefined, 200)).body.data.code };
  }

  /** Registration and a profile change on the Customer interface, by the customer's own device. */
  async function customerLife(): Promise<{ customerId: string; device: string }> {
    const device = await t.deviceToken();
    const { customer_source_id: sourceId } = await one<{ customer_source_id: string }>(
      `SELECT customer_source_id FROM customer_sources WHERE customer_source_text_id = 'mobile_app'`,
    );
    const personal = { first_name: 'Jana', last_name: 'Hooková', email: `w-${hex()}@example.test`, language_id: 'en' };
    const registered = await t.customer('POST', '/customers', {
      token: device,
      body: {
        customer: { personal_information: personal },
        customer_source: { customer_source_id: sourceId },
        autologin: true,
        password: 'Hook-pass-42',
      },
    });
    expect(registered.status).toBe(201);
    const customer = { customerId: registered.body.data.customer_id as string, device };
    jane = customer;
    await asJane('PUT', '/customers', { customer: { personal_information: { ...personal, first_name: 'Jane' } } }, 204);
    return customer;
  }

  /** A card that reaches the customer and is then blocked; an entrance bought on it, then deactivated. */
  async function cardAndEntrance(customerId: string): Promise<void> {
    const type = await ent('POST', '/card-types', { card_type: { name: 'Webhook card', prefix: '57' } }, 201);
    const card = { card_type_id: type.body.data.card_type_id, card_number: `57${Date.now()}`, customer_id: customerId };
    const cardId = (await ent('POST', '/cards', { card: { ...card, customer_id: undefined, state: 1 } }, 201)).body.data.card_id;
    await ent('PUT', `/cards/${cardId}`, { card: { ...card, state: 1 } }, 204);
    const entranceId = `webhook-${hex()}`;
    await t.service(EntranceService).import([
      {
        entranceId,
        posId: 3,
        cardId,
        name: 'Three days Alps',
        entranceTypeId: 2,
        validFrom: '2024-03-01',
        validTo: '2024-03-03',
        state: EntranceState.Active,
      },
    ]);
    await ent('PUT', `/entrances/${entranceId}`, { entrance: { entrance_id: entranceId, pos_id: 9, state: 0 } }, 204);
    await ent('PUT', `/cards/${cardId}`, { card: { ...card, state: 0 } }, 204);
  }

  /** Points earned, spent, transferred to another customer and expired; a voucher bought with them and applied. */
  async function pointsAndVoucher(customerId: string, otherId: string): Promise<void> {
    const { partner_id: partnerId } = await one<{ partner_id: string }>(`SELECT partner_id FROM partners WHERE name = 'Default partner'`);
    const points = (action: string, amount: number, status: number) =>
      ent('POST', `/points/actions/${action}`, { customer_id: customerId, partner_id: partnerId, amount }, status);
    await points('assign-points', 100, 201);
    await points('reduce-points', 10, 201);
    const pointTypeId = (await ent('GET', '/point-types')).body.data.point_types[0].point_type_id;
    const transfer = { original_customer_id: customerId, new_customer_id: otherId, amount: 20, point_type_id: pointTypeId };
    await ent('POST', '/points/actions/transfer-points', transfer, 204);
    const expiring = (await points('assign-points', 40, 201)).body.data.point_id;
    // Time passes: the record's validity ends, and the next movement writes the rest off.
    await t.dataSource.query(`UPDATE points SET valid_to = now() - interval '1 day' WHERE point_id = $1`, [expiring]);
    await points('reduce-points', 5, 201);

    const { reward_type_id: rewardTypeId } = await one<{ reward_type_id: string }>(
      `SELECT reward_type_id FROM reward_types WHERE text_id = 'catalogue_item'`,
    );
    const rewardId = await defineReward(t, 'Webhook mug', { rewardTypeId, rewardTypeValue: null, pointsCost: 30 });
    const voucherId = (await ent('POST', `/rewards/${rewardId}/actions/create-voucher`, { customer_id: customerId }, 201)).body.data
      .voucher_id;
    await ent('PUT', `/vouchers/${voucherId}`, { voucher: { customer_id: customerId, note: 'Gift wrapped' } }, 204);
    await ent('POST', `/vouchers/${voucherId}/actions/apply-voucher`, { date_applied: new Date().toISOString() }, 204);
    await ent('DELETE', `/vouchers/${(await discountVoucher(customerId)).id}`, undefined, 204);
  }

  /** Credits deposited, spent, transferred, and expired at the next movement. */
  async function credits(customerId: string, otherId: string): Promise<void> {
    await t.grantOperations(await t.enterpriseApplicationId(), [
      'POST /credits/actions/deposit-credits',
      'POST /credits/actions/reduce-credits',
      'POST /credits/actions/transfer-credits',
    ]);
    const { partner_id: partnerId } = await one<{ partner_id: string }>(`SELECT partner_id FROM partners WHERE name = 'Default partner'`);
    const move = (action: string, amount: number) =>
      ent('POST', `/credits/actions/${action}`, { customer_id: customerId, partner_id: partnerId, amount }, 201);
    const expiring = (await move('deposit-credits', 50)).body.data.credit_id;
    await move('reduce-credits', 5);
    const creditTypeId = (await ent('GET', '/credit-types')).body.data.credit_types[0].credit_type_id;
    const transfer = { original_customer_id: customerId, new_customer_id: otherId, amount: 10, credit_type_id: creditTypeId };
    await ent('POST', '/credits/actions/transfer-credits', transfer, 204);
    await t.dataSource.query(`UPDATE credits SET valid_to = now() - interval '1 day' WHERE credit_id = $1`, [expiring]);
    await move('deposit-credits', 5);
    await move('reduce-credits', 1);
  }

  /** A purchase sent by the till using a voucher, and its cancellation, which gives the voucher back. */
  async function purchaseAndCancellation(customerId: string): Promise<void> {
    const setting = await purchaseSetting(t.dataSource);
    const send = (bill: Record<string, unknown>) =>
      ent('POST', '/purchases/actions/send-purchase', teaPurchase(setting, customerId, bill), 201);
    const voucher = await discountVoucher(customerId);
    const billId = `bill-${hex()}`;
    await send({ bill_id: billId, total_price: 35, payment_recap: { vouchers: [{ code: voucher.code }] } });
    await send({ canceled: true, bill_number: billId });
  }

  /** A status, a segment joined and left, a task. */
  async function statusSegmentTask(customerId: string): Promise<void> {
    const { status_id: statusId } = await one<{ status_id: string }>(`SELECT status_id FROM statuses ORDER BY status_id LIMIT 1`);
    await ent('POST', '/customers/actions/set-status-record', { customer_id: customerId, status_id: statusId }, 200);
    const segmentId = (await ent('POST', '/segments', { name: 'Webhook segment' }, 201)).body.data.segment_id;
    await ent('POST', `/segments/${segmentId}/actions/add-customer`, { customer_id: customerId }, 204);
    await ent('POST', `/segments/${segmentId}/actions/remove-customer`, { customer_id: customerId }, 204);
    const [{ task_type_id: typeId }] = await t.dataSource.query(`SELECT task_type_id FROM task_types WHERE text_id = 'complaint'`);
    const [{ task_state_id: stateId }] = await t.dataSource.query(`SELECT task_state_id FROM task_states WHERE text_id = 'new'`);
    const task = { task_type_id: typeId, task_state_id: stateId, customer_id: customerId, task_title: 'Broken zipper', task_priority: 3 };
    await ent('POST', '/tasks', { task }, 201);
  }

  /** An order the operator moves on, two bookings (one confirmed, one deleted) and a product reservation picked up. */
  async function ordersBookingsReservations(customerId: string): Promise<void> {
    const order = await orderInput(t, customerId, 'mug-blue');
    const orderId = (await ent('POST', '/orders', { order }, 201)).body.data.order_id;
    // Orders move only at the operator's hand (`tessera order move`).
    await t.service(OrderService).move(orderId, 'processing');

    const slotId = await bookableSlot(t, 'Webhook massage');
    const { booking_status_id: confirmed } = await one<{ booking_status_id: string }>(
      `SELECT booking_status_id FROM booking_statuses WHERE text_id = 'confirmed'`,
    );
    const booking = { customer_id: customerId, created_at: '2030-03-01 08:00:00', booking_items: [{ time_slot_id: slotId }] };
    const kept = (await ent('POST', '/bookings', { booking }, 201)).body.data.booking_id;
    await ent('PUT', `/bookings/${kept}`, { booking: { customer_id: customerId, booking_status: confirmed } }, 204);
    gone.booking = (await ent('POST', '/bookings', { booking }, 201)).body.data.booking_id;
    await ent('DELETE', `/bookings/${gone.booking}`, undefined, 204);

    const reservation = await reservationInput(t, customerId, 'Webhook mug');
    const reservationId = (await ent('POST', '/product-reservations', { product_reservation: reservation }, 201)).body.data
      .product_reservation_id;
    await ent('POST', '/product-reservations/actions/change-reservation-state', { product_reservation_id: reservationId, state: 4 }, 204);
  }

  /**
   * An event of a type the operator defined (`tessera event-type`), recorded by the customer's application
   * a while after it happened: written now, it is sent like any other.
   */
  async function operatorEvent(): Promise<void> {
    const definitions = t.service(EventDefinitionService);
    await definitions.defineGroup({ textId: 'webhook_visits', name: 'Visits' });
    const typeId = await t.dataSource.transaction((m) =>
      definitions.insertType({ textId: OPERATOR_TYPE, name: 'Store visit', group: 'webhook_visits', propertyIds: [] }, m),
    );
    const event = { event_type_id: typeId, external_id: `visit-${hex()}`, created_at: VISITED_AT };
    await asJane('POST', '/events', { event }, 201);
  }

  /** The path of the Enterprise GET that answers the record, and how to find it in the answer. */
  function readBack(resourceType: string, id: string, customerId: string): { path: string; pick?: (data: any) => unknown } {
    const collection: Record<string, string> = {
      customer: 'customers',
      card: 'cards',
      point: 'points',
      credit: 'credits',
      voucher: 'vouchers',
      purchase: 'purchases',
      segment: 'segments',
      task: 'tasks',
      order: 'orders',
      booking: 'bookings',
      product_reservation: 'product-reservations',
      entrance: 'entrances',
    };
    if (resourceType === 'event') return { path: `/events/${id}?include_property_records=true` };
    // Status records have no GET of their own: the customer's list answers them.
    if (resourceType === 'status_record') {
      return {
        path: `/customers/${customerId}/status-records`,
        pick: (data) => data.status_records.find((record: { status_record_id: string }) => record.status_record_id === id),
      };
    }
    return { path: `/${collection[resourceType]}/${id}` };
  }

  beforeAll(async () => {
    t = await TestApp.create(SETTINGS);
    receiver = await WebhookReceiver.start();
    token = await t.enterpriseToken();
    ({ secret } = await t.service(WebhookEndpointService).add(receiver.url, []));
    max = await t.createCustomer();
    const { customerId } = await customerLife();
    await cardAndEntrance(customerId);
    await pointsAndVoucher(customerId, max.customerId);
    await credits(customerId, max.customerId);
    await purchaseAndCancellation(customerId);
    await statusSegmentTask(customerId);
    await ordersBookingsReservations(customerId);
    await operatorEvent();
    // A customer the operator deletes (`tessera customer delete`): the API has no way to.
    gone.customer = (await t.createCustomer()).customerId;
    await t.service(CustomerAccountService).delete(gone.customer);
    await t.service(WebhookDeliveryService).drain();
    delivered = receiver.requests.map((request) => ({
      id: request.headers['webhook-id'] as string,
      payload: JSON.parse(request.body) as Delivered['payload'],
    }));
  });

  afterAll(async () => {
    await receiver.close();
    await t.close();
  });

  it('delivers an event of every type code writes, and of the operator type', () => {
    const received = new Set(delivered.map((request) => request.payload.type));
    const missing = [...OUTBOX_EVENT_TYPES, OPERATOR_TYPE].filter((type) => !received.has(type));
    expect(missing).toEqual([]);
  });

  it('signs every request so that the standardwebhooks verifier accepts it, with the event id as webhook-id', async () => {
    const verifier = new Webhook(secret);
    for (const { headers, body } of receiver.requests) {
      expect(verifier.verify(body, headers as Record<string, string>)).toEqual(JSON.parse(body));
      // The verifier is no formality: a body changed on the way is refused.
      expect(() => verifier.verify(body.replace('"data"', '"date"'), headers as Record<string, string>)).toThrow();
    }
    expect(delivered.map(({ id }) => id)).toEqual(delivered.map(({ payload }) => payload.data.event_id));
    expect(new Set(delivered.map(({ id }) => id)).size).toBe(delivered.length);
    // Each id is a stored event's, of the type the body names.
    const stored: { event_id: string; type: string }[] = await t.dataSource.query(
      `SELECT e.event_id, t.text_id AS type FROM customer_events e JOIN event_types t USING (event_type_id) WHERE e.event_id = ANY($1)`,
      [delivered.map(({ id }) => id)],
    );
    const typeOf = new Map(stored.map((row) => [row.event_id, row.type]));
    expect(delivered.map(({ id }) => [id, typeOf.get(id)])).toEqual(delivered.map(({ id, payload }) => [id, payload.type]));
  });

  it("carries each event's record as the Enterprise interface's GET answers it now, or null once it is gone", async () => {
    const compared = new Set<string>();
    for (const { payload } of delivered) {
      const { resource_type: resourceType, resource, event_id: eventId, external_id: externalId, customer_id: customerId } = payload.data;
      const id = resourceType === 'event' ? eventId : resourceType === 'purchase' ? (payload.data.data.purchase_id as string) : externalId;
      const { path, pick } = readBack(resourceType, id, customerId);
      const read = await ent('GET', path);
      if (read.status !== 404) expect({ type: payload.type, status: read.status }).toEqual({ type: payload.type, status: 200 });
      const now = read.status === 404 ? null : pick ? (pick(read.body.data) ?? null) : read.body.data;
      expect({ type: payload.type, resource }).toEqual({ type: payload.type, resource: now });
      if (now === null) continue;
      expect(now[`${resourceType}_id`]).toBe(id);
      compared.add(resourceType);
    }
    // Every kind of record was compared against a live GET at least once.
    expect([...compared].sort()).toEqual([
      'booking',
      'card',
      'credit',
      'customer',
      'entrance',
      'event',
      'order',
      'point',
      'product_reservation',
      'purchase',
      'segment',
      'status_record',
      'task',
      'voucher',
    ]);
    // The deleted booking: its GET answers 404, its events carry no record.
    expect((await ent('GET', `/bookings/${gone.booking}`)).status).toBe(404);
    const deleted = delivered.filter(({ payload }) => payload.data.external_id === gone.booking);
    expect(deleted.map(({ payload }) => [payload.type, payload.data.resource])).toEqual([
      ['booking_creation', null],
      ['booking_deletion', null],
    ]);
    // The deleted customer: the same.
    expect((await ent('GET', `/customers/${gone.customer}`)).status).toBe(404);
    const deletedCustomer = delivered.filter(({ payload }) => payload.data.customer_id === gone.customer);
    expect(deletedCustomer.map(({ payload }) => [payload.type, payload.data.resource])).toEqual([['customer_deleted', null]]);
  });

  it("delivers each customer's events in the order they were written, the late-posted one last with the time it happened", async () => {
    const customers = new Set(delivered.map(({ payload }) => payload.data.customer_id));
    expect(customers).toEqual(new Set([jane.customerId, max.customerId, gone.customer]));
    for (const customerId of customers) {
      const arrived = delivered.filter(({ payload }) => payload.data.customer_id === customerId).map(({ id }) => id);
      const written: { event_id: string }[] = await t.dataSource.query(
        `SELECT event_id FROM customer_events WHERE customer_id = $1 AND event_id = ANY($2) ORDER BY recorded_at, event_id`,
        [customerId, arrived],
      );
      expect(arrived).toEqual(written.map((row) => row.event_id));
    }
    const visit = delivered.filter(({ payload }) => payload.type === OPERATOR_TYPE);
    expect(visit.map(({ payload }) => payload.timestamp)).toEqual(['2020-01-01T08:00:00.000Z']);
    expect(delivered.filter(({ payload }) => payload.data.customer_id === jane.customerId).at(-1)).toBe(visit[0]);
    // Nothing of the customers written since the endpoint was added is left out.
    const [{ n }] = await t.dataSource.query(`SELECT count(*)::int AS n FROM customer_events WHERE customer_id = ANY($1)`, [
      [...customers],
    ]);
    expect(delivered.length).toBe(n);
  });
});
