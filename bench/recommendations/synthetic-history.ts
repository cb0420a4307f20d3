import { createHash } from 'node:crypto';
import { Client } from 'pg';

/**
 * Synthetic purchase history with planted structure, for judging the recommendation engine offline and
 * for loading its bench. Everything follows from the seed: the same options give the same baskets, only
 * their times move with now().
 *
 * Catalogue: products fall into groups of uneven size; each brand makes products in one or two groups,
 * and a few brands dominate each group. Every product has a global popularity weight (a Zipf-like long
 * tail: few products sell a lot, most rarely).
 *
 * Planted structure, per basket (each product's `ItemSource` names what put it there):
 * - staple: each customer has 1-4 products of their tastes that they put in a basket with their own
 *   probability (20-55 %). About a third of the staples are switched once, at a random moment, for another
 *   product of the same group (a new favourite), so recent purchases say more than old ones.
 * - taste, popular, explore: one or more further picks (2.6 on average). Half come from the customer's
 *   tastes (2-3 preferred groups and 1-2 brands, weighed by popularity within the group or brand), 38 %
 *   follow global popularity, and 12 % are any product at all.
 * - complement: a quarter of the products are anchors with 1-3 complements (mostly of the same group, some
 *   of another); an anchor in a basket brings each complement with its own probability (20-60 %).
 * Seasonality: 10 % of the products sell mostly within about a month of their peak day of the year (up
 *   to 2.75 times their usual rate there, a fifth of it far from the peak); every pick but complements
 *   follows it.
 * Customers shop a number of times within the options' range (most of them rarely), over part of the span;
 * 70 % have shopped lately, the rest lapsed some time ago. 1.5 % of the baskets are cancelled by a
 * cancellation purchase of their own, as the closure books them. Each customer's last basket can be held
 * out: it is generated like the others but not written, and returned, with counts of what put its products
 * there and how many of them the customer had bought before.
 */

export interface SyntheticHistoryOptions {
  seed: number;
  /** Prefix of the generated ids and external ids (products md5('<namespace>-product-<n>'), bills '<namespace>-bill-...'). */
  namespace: string;
  customers: number;
  /** Customer i (from 1) is md5('<customerIdPrefix><i>'). */
  customerIdPrefix: string;
  /** Inserts the customers; false when they exist already. */
  createCustomers: boolean;
  products: number;
  groups: number;
  brands: number;
  /** Baskets per customer, the held-out one included; most customers get few. */
  basketsPerCustomer: { min: number; max: number };
  /** Days of history, ending at the database's now(). */
  spanDays: number;
  /** Keeps each customer's last basket out of the database and returns it. */
  holdOutLastBasket: boolean;
  /** Customers per batch; each batch is one transaction. */
  batchCustomers: number;
  log: (message: string) => void;
}

export type ItemSource = 'staple' | 'taste' | 'popular' | 'explore' | 'complement';

export interface HeldOutBasket {
  customerId: string;
  productIds: string[];
  /** Those of them the customer had bought before (in a purchase that was not cancelled). */
  boughtBeforeIds: string[];
}

export interface SyntheticHistory {
  heldOut: HeldOutBasket[];
  /** Rows written (cancellations included), 0 for batches that were there already. */
  purchases: number;
  items: number;
  cancellations: number;
  skippedBatches: number;
  /** Held-out items by what put them there. */
  heldOutBySource: Record<ItemSource, number>;
}

const DAY = 86_400;
const SEASON_WIDTH_DAYS = 25;
const SEASON_FLOOR = 0.2;
const SEASON_PEAK = 2.75;
const CANCELLED_SHARE = 0.015;

type Random = () => number;

/** mulberry32: small and fast, and plenty for synthetic data. */
function randomStream(seed: number): Random {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** A stream of its own per customer, so a customer's history does not depend on the batch size or on who came before. */
function streamFor(seed: number, index: number): Random {
  let h = Math.imul(seed ^ 0x9e3779b9, 0x85ebca6b) ^ Math.imul(index, 0xc2b2ae35);
  h = Math.imul(h ^ (h >>> 16), 0x7feb352d);
  h = Math.imul(h ^ (h >>> 15), 0x846ca68b);
  return randomStream(h ^ (h >>> 16));
}

function poisson(random: Random, mean: number): number {
  const limit = Math.exp(-mean);
  let count = 0;
  for (let p = random(); p > limit; p *= random()) count++;
  return count;
}

/** Draws one of the values in proportion to its weight (cumulative sums and a binary search). */
class WeightedSampler {
  private readonly cumulative: Float64Array;

  constructor(
    private readonly values: readonly number[],
    weights: readonly number[],
  ) {
    this.cumulative = new Float64Array(weights.length);
    let sum = 0;
    weights.forEach((weight, i) => (this.cumulative[i] = sum += weight));
  }

  pick(random: Random): number {
    const target = random() * this.cumulative[this.cumulative.length - 1];
    let low = 0;
    let high = this.cumulative.length - 1;
    while (low < high) {
      const middle = (low + high) >>> 1;
      if (this.cumulative[middle] <= target) low = middle + 1;
      else high = middle;
    }
    return this.values[low];
  }
}

interface Catalogue {
  groupOf: Int32Array;
  brandOf: Int32Array;
  price: Float64Array;
  /** Peak day of the year, NaN for products without a season. */
  peakDay: Float64Array;
  complements: { product: number; strength: number }[][];
  popular: WeightedSampler;
  groups: WeightedSampler;
  byGroup: WeightedSampler[];
  byBrand: WeightedSampler[];
  brandsOfGroup: WeightedSampler[];
}

function buildCatalogue(options: SyntheticHistoryOptions): Catalogue {
  const random = randomStream(options.seed);
  const { products, groups, brands } = options;
  const groupSize = new WeightedSampler(
    Array.from({ length: groups }, (_, g) => g),
    Array.from({ length: groups }, (_, g) => (g + 2) ** -0.7),
  );
  // Every group gets a brand of its own first; the other brands land in groups by their size, some in two.
  const brandLists: number[][] = Array.from({ length: groups }, () => []);
  for (let b = 0; b < brands; b++) {
    const home = b < groups ? b : groupSize.pick(random);
    brandLists[home].push(b);
    if (random() < 0.3) {
      const second = groupSize.pick(random);
      if (second !== home) brandLists[second].push(b);
    }
  }
  brandLists.forEach((list, g) => list.length === 0 && list.push(g % brands));
  const brandInGroup = brandLists.map(
    (list) =>
      new WeightedSampler(
        list,
        list.map((_, rank) => 1 / (rank + 1)),
      ),
  );

  // Popularity ranks are a random permutation, so a product's number says nothing about its popularity.
  const rank = Array.from({ length: products }, (_, p) => p);
  for (let i = products - 1; i > 0; i--) {
    const j = Math.floor(random() * (i + 1));
    [rank[i], rank[j]] = [rank[j], rank[i]];
  }
  const popularity = rank.map((r) => (r + 10) ** -1);
  const groupOf = new Int32Array(products);
  const brandOf = new Int32Array(products);
  const price = new Float64Array(products);
  const peakDay = new Float64Array(products);
  for (let p = 0; p < products; p++) {
    groupOf[p] = groupSize.pick(random);
    brandOf[p] = brandInGroup[groupOf[p]].pick(random);
    // Log-normal prices around 4.50.
    const normal = Math.sqrt(-2 * Math.log(1 - random())) * Math.cos(2 * Math.PI * random());
    price[p] = Math.round(Math.exp(1.5 + 0.8 * normal) * 100) / 100;
    peakDay[p] = random() < 0.1 ? random() * 365 : NaN;
  }
  const members = (key: Int32Array, count: number) => {
    const lists: number[][] = Array.from({ length: count }, () => []);
    key.forEach((k, p) => lists[k].push(p));
    return lists;
  };
  const sampler = (list: number[]) => new WeightedSampler(list, list.length ? list.map((p) => popularity[p]) : []);
  const groupMembers = members(groupOf, groups);
  const byGroup = groupMembers.map(sampler);
  const byBrand = members(brandOf, brands).map(sampler);
  const popular = new WeightedSampler(
    Array.from({ length: products }, (_, p) => p),
    popularity,
  );
  const filledGroups = groupMembers.flatMap((list, g) => (list.length ? [g] : []));
  const groupWeights = filledGroups.map((g) => groupMembers[g].reduce((sum, p) => sum + popularity[p], 0));
  // Brands offered per group, weighed by what they sell there.
  const brandsOfGroup = groupMembers.map((list) => {
    const sales = new Map<number, number>();
    for (const p of list) sales.set(brandOf[p], (sales.get(brandOf[p]) ?? 0) + popularity[p]);
    return new WeightedSampler([...sales.keys()], [...sales.values()]);
  });

  const complements = Array.from({ length: products }, () => [] as { product: number; strength: number }[]);
  for (let p = 0; p < products; p++) {
    if (random() >= 0.25) continue;
    const count = 1 + Math.floor(random() * 3);
    for (let c = 0; c < count; c++) {
      const sameGroup = random() < 0.65;
      const product = sameGroup ? byGroup[groupOf[p]].pick(random) : Math.floor(random() * products);
      if (product !== p && !complements[p].some((known) => known.product === product)) {
        complements[p].push({ product, strength: 0.2 + 0.4 * random() });
      }
    }
  }
  return {
    groupOf,
    brandOf,
    price,
    peakDay,
    complements,
    popular,
    groups: new WeightedSampler(filledGroups, groupWeights),
    byGroup,
    byBrand,
    brandsOfGroup,
  };
}

/** How much a product sells on a day of the year, relative to its usual rate. */
function seasonFactor(catalogue: Catalogue, product: number, dayOfYear: number): number {
  const peak = catalogue.peakDay[product];
  if (Number.isNaN(peak)) return 1;
  const distance = Math.min(Math.abs(dayOfYear - peak), 365 - Math.abs(dayOfYear - peak));
  return SEASON_FLOOR + (SEASON_PEAK - SEASON_FLOOR) * Math.exp(-(distance * distance) / (2 * SEASON_WIDTH_DAYS ** 2));
}

/** A draw that follows the season: a product is kept in proportion to its season factor (rejection sampling). */
function seasonalPick(catalogue: Catalogue, sampler: WeightedSampler, dayOfYear: number, random: Random): number {
  for (;;) {
    const product = sampler.pick(random);
    if (random() * SEASON_PEAK <= seasonFactor(catalogue, product, dayOfYear)) return product;
  }
}

interface Basket {
  /** Epoch seconds. */
  at: number;
  items: { product: number; amount: number; source: ItemSource }[];
  /** When a cancellation reversed it (epoch seconds), null for most. */
  cancelledAt: number | null;
}

/** One customer's baskets, oldest first. */
function simulateCustomer(catalogue: Catalogue, options: SyntheticHistoryOptions, index: number, end: number): Basket[] {
  const random = streamFor(options.seed, index);
  const { min, max } = options.basketsPerCustomer;
  const count = min + Math.floor((max - min + 1) * random() ** 2);
  if (count === 0) return [];

  const span = options.spanDays;
  const lastAgo = random() < 0.7 ? Math.min(-20 * Math.log(1 - random()), span * 0.9) : random() * span * 0.9;
  const last = end - lastAgo * DAY;
  const first = last - (0.15 + 0.85 * random()) * (span - lastAgo) * DAY;
  const times = Array.from({ length: count - 1 }, () => first + random() * (last - first)).sort((a, b) => a - b);
  times.push(last);

  const groupCount = 2 + (random() < 0.4 ? 1 : 0);
  const favouriteGroups: number[] = [];
  // Bounded: a catalogue of fewer groups leaves the customer fewer favourites.
  for (let tries = 0; favouriteGroups.length < groupCount && tries < 100; tries++) {
    const group = catalogue.groups.pick(random);
    if (!favouriteGroups.includes(group)) favouriteGroups.push(group);
  }
  const groupChoice = new WeightedSampler(
    favouriteGroups,
    favouriteGroups.map((_, i) => [0.5, 0.3, 0.2][i]),
  );
  const favouriteBrands = Array.from({ length: 1 + (random() < 0.4 ? 1 : 0) }, () => {
    const group = groupChoice.pick(random);
    return catalogue.brandsOfGroup[group].pick(random);
  });
  const tastePick = (day: number): number => {
    if (random() < 0.3) {
      const brand = favouriteBrands[Math.floor(random() * favouriteBrands.length)];
      return seasonalPick(catalogue, catalogue.byBrand[brand], day, random);
    }
    return seasonalPick(catalogue, catalogue.byGroup[groupChoice.pick(random)], day, random);
  };
  const dayOf = (at: number) => (at / DAY) % 365;

  const staples = Array.from({ length: 1 + Math.floor(random() * 4) }, () => {
    const product = tastePick(dayOf(first));
    const probability = 0.2 + 0.35 * random();
    if (random() >= 0.35) return { product, probability, switchesAt: Infinity, successor: product };
    const switchesAt = first + random() * (last - first);
    const successor = seasonalPick(catalogue, catalogue.byGroup[catalogue.groupOf[product]], dayOf(switchesAt), random);
    return { product, probability, switchesAt, successor };
  });

  return times.map((at) => {
    const day = dayOf(at);
    const items = new Map<number, ItemSource>();
    const add = (product: number, source: ItemSource) => items.has(product) || items.set(product, source);
    for (const staple of staples) {
      if (random() < staple.probability) add(at >= staple.switchesAt ? staple.successor : staple.product, 'staple');
    }
    const picks = 1 + poisson(random, 1.6);
    for (let i = 0; i < picks; i++) {
      const u = random();
      if (u < 0.5) add(tastePick(day), 'taste');
      else if (u < 0.88) add(seasonalPick(catalogue, catalogue.popular, day, random), 'popular');
      else add(Math.floor(random() * catalogue.groupOf.length), 'explore');
    }
    for (const anchor of [...items.keys()]) {
      for (const complement of catalogue.complements[anchor]) if (random() < complement.strength) add(complement.product, 'complement');
    }
    return {
      at,
      items: [...items].map(([product, source]) => ({
        product,
        source,
        amount: 1 + (random() < 0.25 ? 1 : 0) + (random() < 0.05 ? 1 : 0),
      })),
      // Cancelled within three days, never past the end of the history.
      cancelledAt: random() < CANCELLED_SHARE ? Math.min(at + 3 * DAY * random(), end) : null,
    };
  });
}

/** The rows of one batch, as the arrays the inserts unnest. */
class BatchRows {
  readonly purchases = {
    customer: [] as number[],
    basket: [] as number[],
    cancel: [] as boolean[],
    at: [] as number[],
    total: [] as number[],
    count: [] as number[],
  };
  readonly items = {
    customer: [] as number[],
    basket: [] as number[],
    cancel: [] as boolean[],
    position: [] as number[],
    product: [] as number[],
    group: [] as number[],
    brand: [] as number[],
    price: [] as number[],
    amount: [] as number[],
  };
  cancellations = 0;

  add(catalogue: Catalogue, customer: number, basket: number, cancel: boolean, at: number, items: Basket['items']): void {
    const total = items.reduce((sum, item) => sum + catalogue.price[item.product] * item.amount, 0);
    const p = this.purchases;
    p.customer.push(customer);
    p.basket.push(basket);
    p.cancel.push(cancel);
    p.at.push(at);
    p.total.push(Math.round(total * 100) / 100);
    p.count.push(items.length);
    items.forEach((item, position) => {
      const i = this.items;
      i.customer.push(customer);
      i.basket.push(basket);
      i.cancel.push(cancel);
      i.position.push(position);
      // Catalogue numbers start at 1 in the database.
      i.product.push(item.product + 1);
      i.group.push(catalogue.groupOf[item.product] + 1);
      i.brand.push(catalogue.brandOf[item.product] + 1);
      i.price.push(catalogue.price[item.product]);
      i.amount.push(item.amount);
    });
  }

  /** The key of the batch's last purchase: the batch is one transaction, so when that purchase is there, all of it is. */
  lastKey(): string | null {
    const p = this.purchases;
    const last = p.customer.length - 1;
    return last < 0 ? null : purchaseKey(p.customer[last], p.basket[last], p.cancel[last]);
  }
}

const purchaseKey = (customer: number, basket: number, cancel: boolean) => `${customer}-${basket}${cancel ? '-cancel' : ''}`;
const md5 = (text: string) => createHash('md5').update(text).digest('hex');

interface References {
  storeId: string;
  currencyId: string;
  purchaseTypeId: string;
  itemTypeId: string;
}

async function references(client: Client): Promise<References> {
  const { rows } = await client.query<References>(
    `SELECT (SELECT store_id FROM stores ORDER BY created_at, store_id LIMIT 1) AS "storeId",
            (SELECT currency_id FROM currencies WHERE code = 'EUR') AS "currencyId",
            (SELECT purchase_type_id FROM purchase_types WHERE text_id = 'store_purchase') AS "purchaseTypeId",
            (SELECT purchase_item_type_id FROM purchase_item_types WHERE text_id = 'store_transaction') AS "itemTypeId"`,
  );
  const found = rows[0];
  if (!found.storeId || !found.currencyId || !found.purchaseTypeId || !found.itemTypeId) {
    throw new Error(`Missing reference data (run the project setup first): ${JSON.stringify(found)}`);
  }
  return found;
}

/** Groups, brands, products (each with one EAN PLU id), all numbered from 1; idempotent. */
async function writeCatalogue(client: Client, catalogue: Catalogue, options: SyntheticHistoryOptions): Promise<void> {
  const ns = options.namespace;
  await client.query('BEGIN');
  await client.query(
    `INSERT INTO product_groups (product_group_id, external_id, name, code)
     SELECT md5($1 || '-group-' || g), $1 || '-group-' || g, 'Group ' || g, 'G' || g FROM generate_series(1, $2::int) AS g
     ON CONFLICT DO NOTHING`,
    [ns, options.groups],
  );
  await client.query(
    `INSERT INTO product_brands (product_brand_id, external_id, name)
     SELECT md5($1 || '-brand-' || b), $1 || '-brand-' || b, 'Brand ' || b FROM generate_series(1, $2::int) AS b
     ON CONFLICT DO NOTHING`,
    [ns, options.brands],
  );
  const chunk = 50_000;
  for (let from = 0; from < options.products; from += chunk) {
    const numbers = Array.from({ length: Math.min(chunk, options.products - from) }, (_, i) => from + i);
    await client.query(
      `INSERT INTO products (product_id, name, code, product_group_id, product_brand_id)
       SELECT md5($1 || '-product-' || p.n), 'Product ' || p.n, $1 || '-' || p.n, md5($1 || '-group-' || p.g), md5($1 || '-brand-' || p.b)
       FROM unnest($2::int[], $3::int[], $4::int[]) AS p(n, g, b)
       ON CONFLICT DO NOTHING`,
      [ns, numbers.map((p) => p + 1), numbers.map((p) => catalogue.groupOf[p] + 1), numbers.map((p) => catalogue.brandOf[p] + 1)],
    );
  }
  await client.query(
    `INSERT INTO product_plu_ids (list_code, code, product_id)
     SELECT 'EAN', $1 || '-' || n, md5($1 || '-product-' || n) FROM generate_series(1, $2::int) AS n
     ON CONFLICT DO NOTHING`,
    [ns, options.products],
  );
  await client.query('COMMIT');
}

async function writeBatch(
  client: Client,
  rows: BatchRows,
  refs: References,
  options: SyntheticHistoryOptions,
  customers: [number, number],
) {
  const ns = options.namespace;
  await client.query('BEGIN');
  if (options.createCustomers) {
    await client.query(
      `INSERT INTO customers (customer_id, first_name, last_name, state)
       SELECT md5($1 || i), 'Shopper', 'No. ' || i, 1 FROM generate_series($2::int, $3::int) AS i ON CONFLICT DO NOTHING`,
      [options.customerIdPrefix, ...customers],
    );
  }
  const p = rows.purchases;
  // A cancellation names the purchase it reverses, as send-purchase books it.
  await client.query(
    `INSERT INTO purchases (purchase_id, external_purchase_id, customer_id, store_id, cashdesk_number, purchase_type_id, payment_type_id,
                            currency_id, payment_time, total_price, items_count, bill_number, canceled, canceled_purchase_id,
                            created_at, last_change)
     SELECT md5($1 || '-purchase-' || k.key), $1 || '-bill-' || k.key, md5($2 || b.customer), $3, '1', $4, 'S', $5, to_timestamp(b.at),
            b.total, b.count, CASE WHEN b.cancel THEN $1 || '-bill-' || b.customer || '-' || b.basket END, b.cancel,
            CASE WHEN b.cancel THEN md5($1 || '-purchase-' || b.customer || '-' || b.basket) END, to_timestamp(b.at), to_timestamp(b.at)
     FROM unnest($6::int[], $7::int[], $8::bool[], $9::float8[], $10::float8[], $11::int[]) AS b(customer, basket, cancel, at, total, count)
     CROSS JOIN LATERAL (SELECT b.customer || '-' || b.basket || CASE WHEN b.cancel THEN '-cancel' ELSE '' END AS key) AS k
     ORDER BY b.at`,
    [
      ns,
      options.customerIdPrefix,
      refs.storeId,
      refs.purchaseTypeId,
      refs.currencyId,
      p.customer,
      p.basket,
      p.cancel,
      p.at,
      p.total,
      p.count,
    ],
  );
  const i = rows.items;
  await client.query(
    `INSERT INTO purchase_items (purchase_item_id, purchase_id, position, bill_item_id, product_id, product_name, product_group_id,
                                 product_group_name, product_brand_id, product_brand_name, purchase_item_type_id, price, paid_amount,
                                 amount, vat_rate)
     SELECT md5($1 || '-item-' || k.key || '-' || i.position), md5($1 || '-purchase-' || k.key), i.position, (i.position + 1)::text,
            md5($1 || '-product-' || i.product), 'Product ' || i.product, md5($1 || '-group-' || i.grp), 'Group ' || i.grp,
            md5($1 || '-brand-' || i.brand), 'Brand ' || i.brand, $2, i.price, i.price * i.amount, i.amount, 21
     FROM unnest($3::int[], $4::int[], $5::bool[], $6::int[], $7::int[], $8::int[], $9::int[], $10::float8[], $11::int[])
          AS i(customer, basket, cancel, position, product, grp, brand, price, amount)
     CROSS JOIN LATERAL (SELECT i.customer || '-' || i.basket || CASE WHEN i.cancel THEN '-cancel' ELSE '' END AS key) AS k`,
    [ns, refs.itemTypeId, i.customer, i.basket, i.cancel, i.position, i.product, i.group, i.brand, i.price, i.amount],
  );
  await client.query('COMMIT');
}

/** A held-out basket with the products the customer had bought before it (in purchases not cancelled). */
type HeldOutHandler = (customer: number, basket: Basket, bought: ReadonlySet<number>) => void;

/** The rows of customers from..to; each customer's last basket goes to `onHeldOut` instead when holding out. */
function simulateBatch(
  catalogue: Catalogue,
  options: SyntheticHistoryOptions,
  [from, to]: [number, number],
  end: number,
  onHeldOut: HeldOutHandler,
): BatchRows {
  const rows = new BatchRows();
  for (let customer = from; customer <= to; customer++) {
    const baskets = simulateCustomer(catalogue, options, customer, end);
    const heldOut = options.holdOutLastBasket ? baskets.pop() : undefined;
    const bought = new Set<number>();
    baskets.forEach((basket, b) => {
      rows.add(catalogue, customer, b, false, basket.at, basket.items);
      if (basket.cancelledAt !== null) {
        rows.add(catalogue, customer, b, true, basket.cancelledAt, basket.items);
        rows.cancellations++;
      } else {
        for (const item of basket.items) bought.add(item.product);
      }
    });
    if (heldOut) onHeldOut(customer, heldOut, bought);
  }
  return rows;
}

async function isWritten(client: Client, options: SyntheticHistoryOptions, rows: BatchRows): Promise<boolean> {
  const marker = rows.lastKey();
  if (marker === null) return !options.createCustomers;
  const found = await client.query(`SELECT 1 FROM purchases WHERE purchase_id = md5($1 || '-purchase-' || $2)`, [
    options.namespace,
    marker,
  ]);
  return found.rowCount === 1;
}

/**
 * Writes the catalogue and the history batch by batch (customers, purchases, items; one transaction per
 * batch). A batch whose last purchase is there already is skipped, so an interrupted run resumes; without
 * held-out baskets to return, a history whose last batch is written is left alone at once.
 */
export async function generateSyntheticHistory(client: Client, options: SyntheticHistoryOptions): Promise<SyntheticHistory> {
  const started = Date.now();
  const catalogue = buildCatalogue(options);
  const end = Number((await client.query<{ now: string }>(`SELECT extract(epoch FROM now())::float8 AS now`)).rows[0].now);
  const batches: [number, number][] = [];
  for (let from = 1; from <= options.customers; from += options.batchCustomers) {
    batches.push([from, Math.min(from + options.batchCustomers - 1, options.customers)]);
  }
  const result: SyntheticHistory = {
    heldOut: [],
    purchases: 0,
    items: 0,
    cancellations: 0,
    skippedBatches: 0,
    heldOutBySource: { staple: 0, taste: 0, popular: 0, explore: 0, complement: 0 },
  };
  const lastBatch = batches[batches.length - 1];
  if (
    !options.holdOutLastBasket &&
    (await isWritten(
      client,
      options,
      simulateBatch(catalogue, options, lastBatch, end, () => undefined),
    ))
  ) {
    return { ...result, skippedBatches: batches.length };
  }

  const refs = await references(client);
  await writeCatalogue(client, catalogue, options);
  const onHeldOut: HeldOutHandler = (customer, basket, bought) => {
    const productId = (product: number) => md5(`${options.namespace}-product-${product + 1}`);
    const products = basket.items.map((item) => item.product);
    result.heldOut.push({
      customerId: md5(`${options.customerIdPrefix}${customer}`),
      productIds: products.map(productId),
      boughtBeforeIds: products.filter((product) => bought.has(product)).map(productId),
    });
    for (const item of basket.items) result.heldOutBySource[item.source]++;
  };
  for (const batch of batches) {
    const rows = simulateBatch(catalogue, options, batch, end, onHeldOut);
    if (await isWritten(client, options, rows)) {
      result.skippedBatches++;
      continue;
    }
    await writeBatch(client, rows, refs, options, batch);
    result.purchases += rows.purchases.customer.length;
    result.items += rows.items.customer.length;
    result.cancellations += rows.cancellations;
    const seconds = ((Date.now() - started) / 1000).toFixed(0);
    options.log(
      `  ${batch[1]} of ${options.customers} customers: ${result.purchases} purchases, ${result.items} items written (${seconds}s)`,
    );
  }
  await client.query('ANALYZE customers, products, purchases, purchase_items');
  return result;
}
