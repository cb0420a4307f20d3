import { randomBytes } from 'node:crypto';
import { ApiInterface } from '@tessera/http';
import { EntranceService, EntranceState } from '../../src/modules/entrances';
import { EventDefinitionService } from '../../src/modules/events';
import { CreditLedgerService, CreditMovementBodyDto } from '../../src/modules/loyalty';
import { MessageTemplateService } from '../../src/modules/messaging';
import { StamperCampaignService } from '../../src/modules/stamper';
import { bookableSlot, orderInput, reservationInput } from './engagement-records';
import { defineReward } from './reward-records';
import { ApiRoute } from './route-table';
import { TestApp, TestCustomer, TestResponse } from './test-app';

const hex = (bytes = 16) => randomBytes(bytes).toString('hex');

/**
 * The data an access-control matrix runs against: customer B owns a record of every kind the API
 * lets an operator create, customer A is the attacker, and every path parameter can be filled with a
 * real id (B's where B has one of that kind, otherwise a project record) found by walking the lists.
 */
export class AccessMatrixWorld {
  /** Bodies that succeeded for B while building the world, keyed by operation (`POST /path/{param}`). */
  readonly bodies = new Map<string, unknown>();
  /** Query strings that succeeded for B, keyed the same way. */
  readonly queries = new Map<string, Record<string, string>>();
  /** Ids found under a route template prefix (`/stores/{store_id}/property-records/{property_record_id}`). */
  private readonly idsByTemplate = new Map<string, string>();
  /** B's ids by parameter name, for templates no list covered (the Customer interface's id-less aliases). */
  private readonly idsOfBByName = new Map<string, string>();
  /** Ids that are B's whatever the template: B, B's device token, B's photo. */
  private readonly namedIdsOfB = new Map<string, string>();
  /** Every id that names one of B's records, B included. */
  readonly idsOfB = new Set<string>();
  /** Paths of lists whose records belong to customers (they carry `customer_id` on the Enterprise interface). */
  readonly customerRecordLists = new Set<string>();
  /** The reads of one customer's own data (`GET /customers/{customer_id}...`), on both interfaces. */
  private readonly customerReads: ApiRoute[] = [];

  private constructor(
    readonly t: TestApp,
    readonly enterpriseToken: string,
    readonly customerApplicationId: string,
    readonly a: TestCustomer,
    readonly b: TestCustomer,
    readonly deviceOfA: string,
    readonly deviceOfB: string,
    private readonly phoneOfB: string,
  ) {}

  static async build(t: TestApp, routes: ApiRoute[]): Promise<AccessMatrixWorld> {
    const enterpriseToken = await t.enterpriseToken();
    const customerApplicationId = await t.createApplication(ApiInterface.Customer);
    const a = await t.createCustomer({ firstName: 'Alice', lastName: 'Attacker' });
    const phoneOfB = `420${String(randomBytes(4).readUInt32BE()).padStart(9, '7').slice(0, 9)}`;
    const b = await t.createCustomer({ firstName: 'Bob', lastName: 'Bystander', phone: phoneOfB });
    const world = new AccessMatrixWorld(
      t,
      enterpriseToken,
      customerApplicationId,
      a,
      b,
      await t.deviceToken(a, customerApplicationId),
      await t.deviceToken(b, customerApplicationId),
      phoneOfB,
    );
    world.nameIdOfB('customer_id', b.customerId);
    world.nameIdOfB('token_id', world.deviceOfB);
    await world.giveBOneOfEverything();
    await world.giveBOneOfTheEngagementKinds();
    await world.harvestIds(routes);
    await world.replaceWhatWasCreated(routes);
    await world.queryOfB('/tokens/{token_id}/actions/auth-token', { external_application_id: customerApplicationId, token_type: '1' });
    await world.findCustomerRecordLists(routes);
    world.customerReads.push(
      ...routes.filter((route) => route.method === 'GET' && !route.isPublic && route.params.join() === 'customer_id'),
    );
    return world;
  }

  /**
   * What B is shown and told: every read of B's own data, B reading it on the Customer interface and
   * the operator on the Enterprise interface, and B's event stream (which webhooks deliver), by read.
   */
  async sideOfB(): Promise<Map<string, string>> {
    const side = new Map<string, string>();
    for (const route of this.customerReads) {
      const path = this.fillPath(route);
      const token = route.apiInterface === ApiInterface.Enterprise ? this.enterpriseToken : this.deviceOfB;
      const response = await this.t[route.apiInterface](route.method as 'GET', path, { token });
      side.set(`${route.apiInterface} ${route.key}`, `${response.status} ${response.text}`);
    }
    const events: { event_id: string }[] = await this.t.dataSource.query(
      `SELECT event_id FROM customer_events WHERE customer_id = $1 ORDER BY event_id`,
      [this.b.customerId],
    );
    side.set("B's event stream", events.map((event) => event.event_id).join());
    return side;
  }

  /** Secrets of B that no answer to anyone else may carry. */
  get secretsOfB(): string[] {
    return [this.b.customerId, this.b.email, this.b.cardNumber, this.phoneOfB];
  }

  /**
   * The URL path of an operation with each parameter filled: from `pick`, else B's own id of that name
   * (B, B's token, B's photo), else the id found under the same template prefix, else any of B's ids
   * of that name, else a random id.
   */
  fillPath(route: ApiRoute, pick: (param: string) => string | undefined = () => undefined): string {
    const segments = route.path.split('/');
    return segments
      .map((segment, index) => {
        const param = /^\{(.+)\}$/.exec(segment)?.[1];
        if (!param) return segment;
        const prefix = segments.slice(0, index + 1).join('/');
        const id = pick(param) ?? this.namedIdsOfB.get(param) ?? this.idsByTemplate.get(prefix) ?? this.idsOfBByName.get(param) ?? hex();
        return encodeURIComponent(id);
      })
      .join('/');
  }

  private nameIdOfB(param: string, id: string): void {
    this.namedIdsOfB.set(param, id);
    this.idsOfB.add(id);
  }

  private ownedByB(param: string, id: string): void {
    if (!this.idsOfBByName.has(param)) this.idsOfBByName.set(param, id);
    this.idsOfB.add(id);
  }

  private async enterprise(method: 'GET' | 'POST' | 'PUT', path: string, body?: unknown, template?: string): Promise<TestResponse> {
    const response = await this.t.enterprise(method, path, { token: this.enterpriseToken, body });
    if (response.status >= 300) throw new Error(`${method} ${path} failed while building the world: ${response.status} ${response.text}`);
    if (template && body !== undefined) this.bodies.set(`${method} ${template}`, body);
    return response;
  }

  /** A GET of B's own on the Customer interface, its query kept so an attacker can send the same. */
  private async queryOfB(template: string, query: Record<string, string>): Promise<void> {
    const path = template.replace('{token_id}', this.deviceOfB);
    const response = await this.t.customer('GET', path, { token: this.deviceOfB, query });
    if (response.status >= 300) throw new Error(`GET ${path} failed while building the world: ${response.status} ${response.text}`);
    this.queries.set(`GET ${template}`, query);
  }

  /**
   * Replaces each record created above with the body that created it (`PUT /x/{id}` with the body of
   * `POST /x`), so the attacker's PUTs carry a body that passes validation too.
   */
  private async replaceWhatWasCreated(routes: ApiRoute[]): Promise<void> {
    for (const route of routes) {
      if (route.apiInterface !== ApiInterface.Enterprise || route.method !== 'PUT') continue;
      const body = this.bodies.get(`POST ${route.path.replace(/\/\{[^}/]+\}$/, '')}`);
      if (body === undefined || !route.path.endsWith('}')) continue;
      const response = await this.t.enterprise('PUT', this.fillPath(route), { token: this.enterpriseToken, body });
      if (response.status < 300) this.bodies.set(route.key, body);
    }
  }

  private async firstId(path: string, listKey: string, idField: string): Promise<string> {
    const response = await this.enterprise('GET', path);
    const item = response.body.data[listKey]?.[0];
    if (!item) throw new Error(`${path} lists nothing to build the world from`);
    return item[idField] as string;
  }

  /** Records of every customer-owned kind, made by the operator (Enterprise) or the ledgers, for B. */
  private async giveBOneOfEverything(): Promise<void> {
    const { t, b } = this;
    const B = b.customerId;
    const [{ partner_id: partnerId }] = await t.dataSource.query(`SELECT partner_id FROM partners ORDER BY created_at LIMIT 1`);
    const extraPartnerId = hex();
    await t.dataSource.query(`INSERT INTO partners (partner_id, name) VALUES ($1, 'Matrix partner')`, [extraPartnerId]);
    const propertyId = `matrix_${hex(4)}`;
    await t.dataSource.query(`INSERT INTO customer_properties (property_id, name, data_type) VALUES ($1, 'Matrix property', 'string')`, [
      propertyId,
    ]);
    const interestId = `matrix_${hex(4)}`;
    await t.dataSource.query(`INSERT INTO interests (interest_id, name) VALUES ($1, 'Matrix interest')`, [interestId]);

    const addressTypeId = await this.firstId('/customer-address-types', 'customer_address_types', 'address_type_id');
    await this.enterprise(
      'POST',
      `/customers/${B}/addresses`,
      { additional_address: { address_type: addressTypeId, address: { city: 'Brno', zip: '60200', country_code: 'cz' } } },
      '/customers/{customer_id}/addresses',
    );
    await this.enterprise(
      'POST',
      `/customers/${B}/property-records`,
      { property_record: { property_id: propertyId, property_value: 'B-value' } },
      '/customers/{customer_id}/property-records',
    );
    await this.enterprise(
      'POST',
      `/customers/${B}/interest-records`,
      { interest_record: { interest_id: interestId, customer_id: B } },
      '/customers/{customer_id}/interest-records',
    );
    const sourceId = await this.firstId('/customer-sources', 'customer_sources', 'customer_source_id');
    await this.enterprise(
      'POST',
      `/customers/${B}/customer-source-records`,
      { customer_source_record: { customer_source_id: sourceId, external_id: `b-${hex(4)}` } },
      '/customers/{customer_id}/customer-source-records',
    );
    const relative = await t.createCustomer({ firstName: 'Carol', lastName: 'Relative' });
    const relationTypeId = await this.firstId('/customer-relation-types', 'customer_relation_types', 'customer_relation_type_id');
    await this.enterprise(
      'POST',
      `/customers/${B}/related-customers`,
      { related_customer: { related_customer_id: relative.customerId, customer_relation_type_id: relationTypeId, is_leading: true } },
      '/customers/{customer_id}/related-customers',
    );
    await this.enterprise(
      'POST',
      `/customers/${B}/partner-records`,
      { partner_record: { partner_id: extraPartnerId } },
      '/customers/{customer_id}/partner-records',
    );
    const statusId = await this.firstId('/statuses', 'statuses', 'status_id');
    await this.enterprise(
      'POST',
      '/customers/actions/set-status-record',
      { customer_id: B, status_id: statusId },
      '/customers/actions/set-status-record',
    );
    const png = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), randomBytes(64)]);
    await this.enterprise(
      'POST',
      '/customers/actions/upload-customer-photo',
      { customer_id: B, data: png.toString('base64') },
      '/customers/actions/upload-customer-photo',
    );
    const photoUrl: string = (await this.enterprise('GET', `/customers/${B}`)).body.data.personal_information.photo_url;
    this.nameIdOfB('photo_id', photoUrl.split('/').pop()!);

    const segmentId = (await this.enterprise('POST', '/segments', { name: `Matrix ${hex(4)}` }, '/segments')).body.data
      .segment_id as string;
    await this.enterprise(
      'POST',
      `/segments/${segmentId}/actions/add-customer`,
      { customer_id: B },
      '/segments/{segment_id}/actions/add-customer',
    );
    // Lists under B's segment and B's reward hold B's records: whoever may read them must not see B there.
    this.idsByTemplate.set('/segments/{segment_id}', segmentId);

    await this.enterprise(
      'POST',
      '/points/actions/assign-points',
      { customer_id: B, partner_id: partnerId, amount: 500 },
      '/points/actions/assign-points',
    );
    // Depositing credits is off by default on the API; the ledger is the operator's own way in.
    await t
      .service(CreditLedgerService)
      .deposit(Object.assign(new CreditMovementBodyDto(), { customer_id: B, partner_id: partnerId, amount: 25 }));
    const rewardId = await defineReward(t, 'Matrix reward');
    await this.enterprise(
      'POST',
      `/rewards/${rewardId}/actions/create-voucher`,
      { customer_id: B },
      '/rewards/{reward_id}/actions/create-voucher',
    );
    this.idsByTemplate.set('/rewards/{reward_id}', rewardId);

    const storeId = await this.firstId('/stores', 'stores', 'store_id');
    const [{ currency_id: currencyId }] = await t.dataSource.query(`SELECT currency_id FROM currencies WHERE code = 'EUR'`);
    const [{ purchase_item_type_id: itemTypeId }] = await t.dataSource.query(
      `SELECT purchase_item_type_id FROM purchase_item_types WHERE text_id = 'store_transaction'`,
    );
    const [{ purchase_type_id: purchaseTypeId }] = await t.dataSource.query(
      `SELECT purchase_type_id FROM purchase_types WHERE text_id = 'store_purchase'`,
    );
    await this.enterprise(
      'POST',
      '/purchases/actions/send-purchase',
      {
        store_id: storeId,
        cashdesk_number: 1,
        customer_id: B,
        bill: {
          bill_id: hex(),
          payment_time: new Date().toISOString(),
          currency_id: currencyId,
          total_price: 10,
          purchase_type_id: purchaseTypeId,
          canceled: false,
          payment_type: 'S',
          bill_items: [
            {
              plu_ids: [{ list_code: 'EAN', code: hex() }],
              plu_name: 'Item',
              vat_rate: 21,
              quantity: 1,
              paid_amount: 10,
              price: 10,
              bill_item_id: '1',
              loyalty_off: false,
              purchase_item_type_id: itemTypeId,
            },
          ],
        },
      },
      '/purchases/actions/send-purchase',
    );
  }

  /**
   * B's records of the engagement and operations kinds (booking, task, order, product reservation,
   * event, point reservation, entrance, message, stamp card and stamp), so a Customer caller naming
   * them in a path meets B's real ids.
   */
  private async giveBOneOfTheEngagementKinds(): Promise<void> {
    const { t } = this;
    const B = this.b.customerId;
    const one = async <T>(sql: string, params: unknown[] = []): Promise<T> => (await t.dataSource.query(sql, params))[0] as T;

    const slotId = await bookableSlot(t, 'Matrix massage');
    await this.enterprise(
      'POST',
      '/bookings',
      { booking: { customer_id: B, created_at: '2030-03-01 08:00:00', booking_items: [{ time_slot_id: slotId }] } },
      '/bookings',
    );

    const { task_type_id: typeId } = await one<{ task_type_id: string }>(`SELECT task_type_id FROM task_types WHERE text_id = 'complaint'`);
    const { task_state_id: stateId } = await one<{ task_state_id: string }>(`SELECT task_state_id FROM task_states WHERE text_id = 'new'`);
    const task = { task_type_id: typeId, task_state_id: stateId, customer_id: B, task_title: 'Matrix task', task_priority: 3 };
    const taskId = (await this.enterprise('POST', '/tasks', { task }, '/tasks')).body.data.task_id as string;
    await this.enterprise(
      'POST',
      `/tasks/${taskId}/task-comments`,
      { task_comment: { text: 'Matrix comment' } },
      '/tasks/{task_id}/task-comments',
    );

    await this.enterprise('POST', '/orders', { order: await orderInput(t, B, 'matrix-mug') }, '/orders');
    // A score for B from the operator's own recommender: a batch whose record names B, for a Customer caller to replay.
    const { product_id: productId } = await one<{ product_id: string }>(
      `SELECT product_id FROM products WHERE state <> 0 ORDER BY created_at LIMIT 1`,
    );
    await this.enterprise(
      'POST',
      '/third-party-recommendations/batch',
      {
        third_party_recommendations: [
          {
            customer_id: B,
            recommended_product: { product_id: productId },
            recommendation_system_id: 'matrix',
            recommendation_system_dataset_id: 'matrix',
            score: 0.5,
          },
        ],
      },
      '/third-party-recommendations/batch',
    );
    const reservation = await reservationInput(t, B, 'Matrix mug');
    await this.enterprise('POST', '/product-reservations', { product_reservation: reservation }, '/product-reservations');

    const definitions = t.service(EventDefinitionService);
    const group = `matrix_${hex(4)}`;
    await definitions.defineGroup({ textId: group, name: 'Matrix visits' });
    const eventTypeId = await t.dataSource.transaction((m) =>
      definitions.insertType({ textId: `${group}_visit`, name: 'Matrix visit', group, propertyIds: [] }, m),
    );
    await this.enterprise(
      'POST',
      '/events',
      { event: { event_type_id: eventTypeId, customer_id: B, external_id: `visit-${hex(4)}` } },
      '/events',
    );

    await this.enterprise(
      'POST',
      '/point-reservations/actions/reserve-points',
      { customer_id: B, external_id: `hold-${hex(4)}`, amount: 10 },
      '/point-reservations/actions/reserve-points',
    );

    const templateId = await t.service(MessageTemplateService).create({ name: 'Matrix note', channelCode: 5, groupId: 2 });
    await this.enterprise(
      'POST',
      '/messages/actions/send-message',
      { message: { message_template_id: templateId, customer_id: B, communication_channel_id: 5 } },
      '/messages/actions/send-message',
    );

    // A stamp for any purchase of 10 or more: B's next purchase starts a stamp card.
    const cardRewardId = await defineReward(t, 'Matrix stamp reward');
    await t.service(StamperCampaignService).define(
      {
        names: { en: 'Matrix stamps' },
        descriptions: {},
        stampCount: 5,
        repetitions: 1,
        rewardId: cardRewardId,
        conditions: [{ descriptions: { en: 'Every 10 EUR' }, relatedTo: 'purchase_amount', relatedIds: [], minimumAmount: 10 }],
        checkpoints: [],
      },
      t.dataSource.manager,
    );
    const purchase = this.bodies.get('POST /purchases/actions/send-purchase') as { bill: Record<string, unknown> };
    await this.enterprise('POST', '/purchases/actions/send-purchase', { ...purchase, bill: { ...purchase.bill, bill_id: hex() } });

    const cardId = await this.firstId(`/cards?customer_id=${B}`, 'cards', 'card_id');
    await t.service(EntranceService).import([
      {
        entranceId: `matrix-${hex(4)}`,
        posId: 3,
        cardId,
        name: 'Matrix pass',
        entranceTypeId: 2,
        validFrom: '2024-03-01',
        validTo: '2024-03-03',
        state: EntranceState.Active,
      },
    ]);
  }

  /**
   * Walks every list of both interfaces whose parameters are known (as the operator with B named in
   * the query, and as B), keeping the first id of each list for the item route under it. Repeats
   * until no new template is filled, so nested records (B's addresses, a store's records) are found.
   */
  private async harvestIds(routes: ApiRoute[]): Promise<void> {
    const templates = new Set(routes.map((route) => route.path));
    const lists = routes.filter((route) => route.method === 'GET' && !route.isPublic);
    for (let pass = 0; pass < 4; pass += 1) {
      let found = 0;
      for (const route of lists) {
        if (route.params.some((param) => !this.knows(route, param))) continue;
        const itemParamTemplates = [...templates].filter((template) => new RegExp(`^${escape(route.path)}/\\{[^}/]+\\}$`).test(template));
        const unfilled = itemParamTemplates.filter((template) => !this.idsByTemplate.has(template));
        if (unfilled.length === 0) continue;
        const path = this.fillPath(route);
        const B = this.b.customerId;
        const response =
          route.apiInterface === ApiInterface.Enterprise
            ? await this.t.enterprise('GET', path, { token: this.enterpriseToken, query: { customer_id: B } })
            : await this.t.customer('GET', path, { token: this.deviceOfB });
        const items = firstList(response);
        if (!items || items.length === 0) continue;
        const item = items.find((entry) => entry.customer_id === B) ?? items[0];
        const ownedByB =
          item.customer_id === B ||
          route.params.includes('customer_id') ||
          (route.apiInterface === ApiInterface.Customer && route.requiresCustomer);
        for (const template of unfilled) {
          const param = /\{([^}]+)\}$/.exec(template)![1];
          const id =
            typeof item[param] === 'string'
              ? item[param]
              : Object.entries(item).find(([key, value]) => key.endsWith('_id') && typeof value === 'string')?.[1];
          if (typeof id !== 'string') continue;
          this.idsByTemplate.set(template, id);
          if (ownedByB) this.ownedByB(param, id);
          found += 1;
        }
      }
      if (found === 0) break;
    }
  }

  /** Reads every Enterprise list as the operator and notes those whose records name a customer. */
  private async findCustomerRecordLists(routes: ApiRoute[]): Promise<void> {
    for (const route of routes) {
      if (route.apiInterface !== ApiInterface.Enterprise || route.method !== 'GET' || route.isPublic) continue;
      const response = await this.t.enterprise('GET', this.fillPath(route), { token: this.enterpriseToken });
      if (firstList(response)?.some((item) => 'customer_id' in item)) this.customerRecordLists.add(route.path);
    }
  }

  private knows(route: ApiRoute, param: string): boolean {
    const prefix = route.path.slice(0, route.path.indexOf(`{${param}}`) + param.length + 2);
    return this.namedIdsOfB.has(param) || this.idsByTemplate.has(prefix) || this.idsOfBByName.has(param);
  }

  /** Ids filled so far, for the summary. */
  get knownTemplates(): number {
    return this.idsByTemplate.size;
  }
}

function escape(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

function firstList(response: TestResponse): Record<string, unknown>[] | undefined {
  if (response.status !== 200 || !response.body?.data || typeof response.body.data !== 'object') return undefined;
  return Object.values(response.body.data).find(
    (value): value is Record<string, unknown>[] => Array.isArray(value) && typeof value[0] === 'object',
  );
}
