import type { IncomingHttpHeaders } from 'node:http';
import { Agent, request } from 'node:https';
import { ApiInterface, INTERFACE_BASE_PATHS, OPERATOR_BASE_PATH } from '@tessera/http';
import { DemoCredentials } from './crash-server';

/** A small seeded generator (mulberry32): the same seed gives the same mix of writes and crash moments. */
export class SeededRandom {
  private state: number;

  constructor(seed: number) {
    this.state = seed >>> 0;
  }

  next(): number {
    this.state = (this.state + 0x6d2b79f5) >>> 0;
    let t = this.state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  }

  int(min: number, max: number): number {
    return min + Math.floor(this.next() * (max - min + 1));
  }

  chance(probability: number): boolean {
    return this.next() < probability;
  }

  pick<T>(items: readonly T[]): T {
    return items[Math.floor(this.next() * items.length)];
  }
}

export interface ApiResponse {
  status: number;
  body: any;
  headers: IncomingHttpHeaders;
}

/**
 * The Enterprise interface over real HTTPS (the server's self-signed certificate accepted). A
 * response counts only when it arrived whole: a connection cut mid-answer is an error.
 */
export class ApiClient {
  token?: string;
  /** A sign-in to the operator API, for its writes. */
  operatorToken?: string;
  private readonly agent = new Agent({ keepAlive: true, rejectUnauthorized: false, maxSockets: 64 });

  constructor(private readonly origin: string) {}

  call(method: 'GET' | 'POST', path: string, body?: unknown): Promise<ApiResponse> {
    return this.sendTo(method, `/${INTERFACE_BASE_PATHS[ApiInterface.Enterprise]}${path}`, this.token, body);
  }

  /** The operator API, as its own clients (the console, the CLI's peers) call it. */
  callOperator(method: 'GET' | 'POST', path: string, body?: unknown): Promise<ApiResponse> {
    return this.sendTo(method, `/${OPERATOR_BASE_PATH}${path}`, this.operatorToken, body);
  }

  sendTo(method: 'GET' | 'POST', fullPath: string, token: string | undefined, body?: unknown): Promise<ApiResponse> {
    const payload = body === undefined ? undefined : JSON.stringify(body);
    const headers: Record<string, string> = {};
    if (payload !== undefined) headers['content-type'] = 'application/json';
    if (token) headers.authorization = `Bearer ${token}`;
    return new Promise((done, fail) => {
      const outgoing = request(`${this.origin}${fullPath}`, { method, agent: this.agent, headers, timeout: 30_000 }, (incoming) => {
        const chunks: Buffer[] = [];
        incoming.on('data', (chunk: Buffer) => chunks.push(chunk));
        incoming.on('error', fail);
        incoming.on('close', () => {
          if (!incoming.complete) return fail(new Error('The connection closed before the response was complete'));
          const text = Buffer.concat(chunks).toString('utf8');
          let parsed: unknown;
          try {
            parsed = text ? JSON.parse(text) : undefined;
          } catch {
            parsed = text;
          }
          done({ status: incoming.statusCode ?? 0, body: parsed, headers: incoming.headers });
        });
      });
      outgoing.on('error', fail);
      outgoing.on('timeout', () => outgoing.destroy(new Error('No answer within 30 s')));
      outgoing.end(payload);
    });
  }

  /** A call that must succeed (setup): anything but `status` fails the run with the answer. */
  async expect(status: number, method: 'GET' | 'POST', path: string, body?: unknown): Promise<any> {
    const response = await this.call(method, path, body);
    if (response.status !== status)
      throw new Error(`${method} ${path} answered ${response.status}, expected ${status}: ${JSON.stringify(response.body)}`);
    return response.body;
  }

  close(): void {
    this.agent.destroy();
  }
}

export interface FixtureCustomer {
  customerId: string;
  /** Vouchers not yet used by any write of the run, each used at most once. */
  vouchers: { id: string; code: string }[];
}

/** What the writes refer to, all created through the API before the first crash. */
export interface Fixture {
  partnerId: string;
  sourceId: string;
  storeId: string;
  currencyId: string;
  purchaseTypeId: string;
  itemTypeId: string;
  rewardId: string;
  customers: FixtureCustomer[];
}

export const FIXTURE_CUSTOMERS = 24;
const VOUCHERS_PER_CUSTOMER = 10;
const STARTING_POINTS = 20_000;
const PLU_CODES = 40;

interface WriteBase {
  phase: number;
  /** acknowledged: a 2xx arrived; refused: another status arrived; cut: no whole answer (the crash). */
  outcome: 'acknowledged' | 'refused' | 'cut';
  status?: number;
  answer?: unknown;
}

export interface RegistrationWrite extends WriteBase {
  kind: 'registration';
  email: string;
  externalId: string;
  customerId?: string;
}

export interface ClosureWrite extends WriteBase {
  kind: 'closure';
  billId: string;
  customerId: string;
  billItemIds: string[];
  pointsPaid: number;
  voucherId?: string;
  purchaseId?: string;
}

export interface VoucherApplicationWrite extends WriteBase {
  kind: 'voucher-application';
  voucherId: string;
}

/** A definition created through the operator API: the tag and its audit row commit together or not at all. */
export interface OperatorTagWrite extends WriteBase {
  kind: 'operator-tag';
  textId: string;
}

export type Write = RegistrationWrite | ClosureWrite | VoucherApplicationWrite | OperatorTagWrite;

async function inParallel<T, R>(items: T[], concurrency: number, work: (item: T) => Promise<R>): Promise<R[]> {
  const results: R[] = new Array(items.length);
  let next = 0;
  const worker = async () => {
    while (next < items.length) {
      const index = next++;
      results[index] = await work(items[index]);
    }
  };
  await Promise.all(Array.from({ length: Math.min(concurrency, items.length) }, worker));
  return results;
}

function idOf<T extends { [key: string]: unknown }>(list: T[], field: keyof T, value: unknown, idField: keyof T, what: string): string {
  const found = list.find((entry) => entry[field] === value);
  if (!found) throw new Error(`No ${what} with ${String(field)} ${String(value)}`);
  return found[idField] as string;
}

/**
 * Mixed concurrent writes (registrations, purchase closures that earn points, pay some with points
 * and redeem a voucher, stand-alone voucher applications), each recorded with what it should create
 * and whether the server acknowledged it.
 */
export class WriteLoad {
  readonly writes: Write[] = [];
  private sequence = 0;
  private halted = true;
  private inFlight = 0;
  private acknowledgedInPhase = 0;
  private milestone?: { count: number; reached: () => void };

  constructor(
    private readonly fixture: Fixture,
    private readonly random: SeededRandom,
    private readonly tag: string,
  ) {}

  /** Logs in with the demo user and creates the store, the reward, and customers with points and vouchers. */
  static async prepare(client: ApiClient, credentials: DemoCredentials, tag: string): Promise<Fixture> {
    const login = await client.expect(200, 'POST', '/users/actions/login', {
      user_external_application_id: credentials.applicationId,
      login: credentials.login,
      password: credentials.password,
    });
    client.token = login.data.bearer_token;
    // The demo user holds the owner role, so it signs in to the operator API too.
    const operator = await client.sendTo('POST', `/${OPERATOR_BASE_PATH}/sessions`, undefined, {
      login: credentials.login,
      password: credentials.password,
    });
    if (operator.status !== 201) throw new Error(`Operator sign-in answered ${operator.status}: ${JSON.stringify(operator.body)}`);
    client.operatorToken = operator.body.data.token;
    const partnerId = (await client.expect(200, 'GET', '/partners')).data.partners[0].partner_id as string;
    const sourceId = idOf(
      (await client.expect(200, 'GET', '/customer-sources')).data.customer_sources,
      'customer_source_text_id',
      'e_shop',
      'customer_source_id',
      'customer source',
    );
    const currencyId = idOf(
      (await client.expect(200, 'GET', '/currencies?count=1000')).data.currencies,
      'code',
      'EUR',
      'currency_id',
      'currency',
    );
    const purchaseTypeId = idOf(
      (await client.expect(200, 'GET', '/purchase-types')).data.purchase_types,
      'text_id',
      'store_purchase',
      'type_id',
      'purchase type',
    );
    const itemTypeId = idOf(
      (await client.expect(200, 'GET', '/purchase-item-types')).data.purchase_item_types,
      'text_id',
      'store_transaction',
      'type_id',
      'purchase item type',
    );
    const rewardTypes: { reward_type_id: string; name: string }[] = (await client.expect(200, 'GET', '/reward-types')).data.reward_types;
    const fixedDiscount = rewardTypes.find((type) => /fixed discount/i.test(type.name));
    if (!fixedDiscount) throw new Error(`No fixed-discount reward type among ${rewardTypes.map((type) => type.name).join(', ')}`);

    const storeId = (
      await client.expect(201, 'POST', '/stores', {
        store: { store_code: `crash-${tag}`, name: 'Crash test store', partner_id: partnerId, system_id: 'pos-crash' },
      })
    ).data.store_id as string;
    const rewardId = (
      await client.expect(201, 'POST', '/rewards/actions/create-simple-reward', {
        simple_reward: {
          code: `CRASH${tag.toUpperCase()}`,
          names: [{ language_code: 'en', text: 'One off' }],
          reward_type_id: fixedDiscount.reward_type_id,
          reward_type_value: 1,
          voucher_validity: 'end_of_time_unit',
          voucher_validity_value: 'end_of_year',
          global_reward: true,
          state: 1,
          voucher_code_generation_preference: 'A',
        },
      })
    ).data.reward_id as string;

    const fixture: Fixture = { partnerId, sourceId, storeId, currencyId, purchaseTypeId, itemTypeId, rewardId, customers: [] };
    const names = Array.from({ length: FIXTURE_CUSTOMERS }, (_, index) => `${tag}-fixture-${index}`);
    fixture.customers = await inParallel(names, 6, async (name) => {
      const customerId = (await client.expect(201, 'POST', '/customers', registrationBody(fixture, `crash-${name}@example.test`, name)))
        .data.customer_id as string;
      await client.expect(201, 'POST', '/points/actions/assign-points', {
        customer_id: customerId,
        partner_id: partnerId,
        amount: STARTING_POINTS,
      });
      for (let index = 0; index < VOUCHERS_PER_CUSTOMER; index++) {
        await client.expect(201, 'POST', `/rewards/${rewardId}/actions/create-voucher`, { customer_id: customerId });
      }
      const listed: { voucher_id: string; code: string }[] = (
        await client.expect(200, 'GET', `/vouchers?customer_id=${customerId}&count=1000`)
      ).data.vouchers;
      return { customerId, vouchers: listed.map((voucher) => ({ id: voucher.voucher_id, code: voucher.code })) };
    });
    return fixture;
  }

  /** Starts `workers` loops of writes against the server behind `client`; resolves once halted and every request settled. */
  run(client: ApiClient, phase: number, workers: number): Promise<void> {
    this.halted = false;
    this.acknowledgedInPhase = 0;
    const loop = async () => {
      while (!this.halted) await this.one(client, phase);
    };
    return Promise.all(Array.from({ length: workers }, loop)).then(() => undefined);
  }

  /** Resolves when the running phase has had `count` writes acknowledged; fails after `withinMs`. */
  acknowledged(count: number, withinMs: number): Promise<void> {
    return new Promise((done, fail) => {
      const timer = setTimeout(
        () => fail(new Error(`Only ${this.acknowledgedInPhase} of ${count} writes acknowledged within ${withinMs} ms`)),
        withinMs,
      );
      this.milestone = {
        count,
        reached: () => {
          clearTimeout(timer);
          done();
        },
      };
    });
  }

  /** Starts no more writes; answers how many are in flight at this moment. */
  halt(): number {
    this.halted = true;
    return this.inFlight;
  }

  /**
   * One write: 10 % operator API tag definitions, 20 % registrations, 50 % closures, 20 % voucher
   * applications (closures once the vouchers run out).
   */
  private async one(client: ApiClient, phase: number): Promise<void> {
    const roll = this.random.next();
    const n = ++this.sequence;
    if (roll < 0.1) return this.defineTag(client, phase, n);
    if (roll < 0.3) return this.register(client, phase, n);
    const owner = this.random.pick(this.fixture.customers.filter((customer) => customer.vouchers.length > 0));
    if (roll < 0.8 || !owner) return this.closePurchase(client, phase, n);
    return this.applyVoucher(client, phase, owner);
  }

  private async applyVoucher(client: ApiClient, phase: number, owner: FixtureCustomer): Promise<void> {
    const voucher = owner.vouchers.shift()!;
    const write: VoucherApplicationWrite = { kind: 'voucher-application', phase, outcome: 'cut', voucherId: voucher.id };
    await this.send(client, write, `/vouchers/${voucher.id}/actions/apply-voucher`, {
      date_applied: new Date().toISOString(),
      store_id: this.fixture.storeId,
    });
  }

  private async defineTag(client: ApiClient, phase: number, n: number): Promise<void> {
    const write: OperatorTagWrite = { kind: 'operator-tag', phase, outcome: 'cut', textId: `${this.tag}-tag-${n}`.toLowerCase() };
    await this.send(client, write, '/tags', { text_id: write.textId, names: { en: `Crash tag ${n}` } }, 'operator');
  }

  private async register(client: ApiClient, phase: number, n: number): Promise<void> {
    const name = `${this.tag}-${n}`;
    const write: RegistrationWrite = { kind: 'registration', phase, outcome: 'cut', email: `crash-${name}@example.test`, externalId: name };
    const response = await this.send(client, write, '/customers', registrationBody(this.fixture, write.email, write.externalId));
    if (write.outcome === 'acknowledged') write.customerId = response?.body?.data?.customer_id;
  }

  private async closePurchase(client: ApiClient, phase: number, n: number): Promise<void> {
    const customer = this.random.pick(this.fixture.customers);
    const lines = Array.from({ length: this.random.int(1, 4) }, (_, index) => {
      const price = this.random.int(5, 40);
      return {
        plu_ids: [{ list_code: 'EAN', code: `${this.tag}-plu-${this.random.int(1, PLU_CODES)}` }],
        plu_name: 'Crash test item',
        vat_rate: 21,
        quantity: this.random.int(1, 3),
        paid_amount: price,
        price,
        bill_item_id: String(index + 1),
        loyalty_off: false,
        purchase_item_type_id: this.fixture.itemTypeId,
      };
    });
    const pointsPaid = this.random.chance(0.5) ? 100 * this.random.int(1, 2) : 0;
    const voucher = this.random.chance(0.5) ? customer.vouchers.shift() : undefined;
    const write: ClosureWrite = {
      kind: 'closure',
      phase,
      outcome: 'cut',
      billId: `${this.tag}-bill-${n}`,
      customerId: customer.customerId,
      billItemIds: lines.map((line) => line.bill_item_id),
      pointsPaid,
      voucherId: voucher?.id,
    };
    const recap = {
      ...(pointsPaid > 0 ? { credit_points: pointsPaid } : {}),
      ...(voucher ? { vouchers: [{ code: voucher.code }] } : {}),
    };
    const response = await this.send(client, write, '/purchases/actions/send-purchase', {
      store_id: this.fixture.storeId,
      cashdesk_number: 1,
      customer_id: customer.customerId,
      bill: {
        bill_id: write.billId,
        payment_time: new Date().toISOString(),
        currency_id: this.fixture.currencyId,
        total_price: lines.reduce((sum, line) => sum + line.paid_amount, 0),
        purchase_type_id: this.fixture.purchaseTypeId,
        canceled: false,
        payment_type: 'S',
        ...(Object.keys(recap).length > 0 ? { payment_recap: recap } : {}),
        bill_items: lines,
      },
    });
    if (write.outcome === 'acknowledged') write.purchaseId = response?.body?.data?.purchase_id;
  }

  /** Sends one write and records how it ended; a cut connection is the crash, not an error of the run. */
  private async send(
    client: ApiClient,
    write: Write,
    path: string,
    body: unknown,
    surface: 'enterprise' | 'operator' = 'enterprise',
  ): Promise<ApiResponse | undefined> {
    this.writes.push(write);
    this.inFlight++;
    try {
      const response = surface === 'operator' ? await client.callOperator('POST', path, body) : await client.call('POST', path, body);
      write.status = response.status;
      write.outcome = response.status >= 200 && response.status < 300 ? 'acknowledged' : 'refused';
      if (write.outcome === 'acknowledged' && ++this.acknowledgedInPhase === this.milestone?.count) this.milestone.reached();
      if (write.outcome === 'refused') write.answer = response.body;
      return response;
    } catch {
      write.outcome = 'cut';
      return undefined;
    } finally {
      this.inFlight--;
    }
  }
}

function registrationBody(fixture: Fixture, email: string, externalId: string) {
  return {
    customer: { personal_information: { first_name: 'Crash', last_name: 'Test', email, language_id: 'en' } },
    customer_source: { customer_source_id: fixture.sourceId, external_id: externalId },
    autologin: false,
    password: 'Crash-test-pass-7',
  };
}
