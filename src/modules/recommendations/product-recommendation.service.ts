import { Inject, Injectable } from '@nestjs/common';
import { Actor, CommonException, InvalidParam, InvalidReason, customerInScope } from '@tessera/http';
import { AppConfig } from '../../config/app-config';
import { APP_CONFIG } from '../../config/app-config.module';
import { RankingFacts, RankingMode, combine, eliminate, leaningTotals, order, signalWeights } from './engine/product-ranking';
import { PluId, ReadFacts, RecommendationFactsRepository } from './recommendation-facts.repository';
import { ActiveModel, RecommendationModelService } from './recommendation-model.service';

/** `combine` answers this many products when the request gives no `count`. */
export const DEFAULT_COMBINE_COUNT = 10;
/** How many of the customer's strongest groups and brands lend their popular products to `combine`. */
const LEANING_GROUPS = 3;
const LEANING_BRANDS = 2;

export interface ProductActionInput {
  customer_id: string;
  product_id_list?: string[];
  count?: number;
}

export interface CartActionInput {
  customer_id?: string;
  cart_product_ids?: string[];
  product_id_list?: string[];
  count?: number;
}

export interface RecommendedProduct {
  productId: string;
  pluIds: PluId[];
}

/** What one ranking reads: the request's facts and the model they are weighed with. */
interface Evidence {
  facts: RankingFacts;
  read: ReadFacts;
  model: ActiveModel | null;
}

/**
 * The six engine actions. Product actions rank by the customer's own shopping; cart actions by what
 * other customers bought with the cart's products. Each reads its evidence, with the named products' PLU
 * ids, in one statement; `combine` reads its own picks' PLU ids in a second one.
 */
@Injectable()
export class ProductRecommendationService {
  constructor(
    private readonly facts: RecommendationFactsRepository,
    private readonly models: RecommendationModelService,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  async productEliminate(actor: Actor, input: ProductActionInput): Promise<RecommendedProduct[]> {
    return this.eliminated(customerInScope(actor, input.customer_id), input.product_id_list ?? [], [], 'customer');
  }

  async productOrder(actor: Actor, input: ProductActionInput): Promise<RecommendedProduct[]> {
    return this.ordered(customerInScope(actor, input.customer_id), input.product_id_list ?? [], [], 'customer', input.count);
  }

  async productCombine(actor: Actor, input: ProductActionInput): Promise<RecommendedProduct[]> {
    return this.combined(customerInScope(actor, input.customer_id), input.product_id_list ?? [], [], 'customer', input.count);
  }

  async cartEliminate(actor: Actor, input: CartActionInput): Promise<RecommendedProduct[]> {
    return this.eliminated(customerInScope(actor, input.customer_id), input.product_id_list ?? [], input.cart_product_ids ?? [], 'cart');
  }

  /** The contract's cart order names no customer; on the Customer interface the logged-in one (if any) lends their history. */
  async cartOrder(actor: Actor, input: CartActionInput): Promise<RecommendedProduct[]> {
    const customerId = actor.kind === 'device' ? actor.customerId : null;
    return this.ordered(customerId, input.product_id_list ?? [], input.cart_product_ids ?? [], 'cart', input.count);
  }

  async cartCombine(actor: Actor, input: CartActionInput): Promise<RecommendedProduct[]> {
    return this.combined(
      customerInScope(actor, input.customer_id),
      input.product_id_list ?? [],
      input.cart_product_ids ?? [],
      'cart',
      input.count,
    );
  }

  /** The engine's best products for a customer: `combine` without candidates (the offline evaluation uses it). */
  async recommendFor(customerId: string, count: number): Promise<string[]> {
    return (await this.combined(customerId, [], [], 'customer', count)).map((product) => product.productId);
  }

  private async eliminated(customerId: string, candidates: readonly string[], cart: readonly string[], mode: RankingMode) {
    const evidence = await this.evidence(customerId, candidates, cart);
    return this.answer(eliminate(candidates, evidence.facts, mode, this.weights(mode)), evidence.read, candidates);
  }

  /** `count` defaults to every candidate. */
  private async ordered(
    customerId: string | null,
    candidates: readonly string[],
    cart: readonly string[],
    mode: RankingMode,
    count?: number,
  ) {
    const evidence = await this.evidence(customerId, candidates, cart);
    return this.answer(order(candidates, evidence.facts, mode, this.weights(mode), count ?? candidates.length), evidence.read, candidates);
  }

  private async combined(
    customerId: string,
    candidates: readonly string[],
    cart: readonly string[],
    mode: RankingMode,
    count = DEFAULT_COMBINE_COUNT,
  ): Promise<RecommendedProduct[]> {
    const evidence = await this.evidence(customerId, candidates, cart);
    const ranked = combine(candidates, this.pool(evidence), new Set(cart), evidence.facts, mode, this.weights(mode), count + count);
    return (await this.answer(ranked, evidence.read, candidates)).slice(0, count);
  }

  /** The engine's own picks for filling `combine`: what the customer, the cart and the model point at. */
  private pool({ read, model }: Evidence): string[] {
    const pool = [
      ...[...read.history].sort((a, b) => b[1].weight - a[1].weight).map(([id]) => id),
      ...read.cartAssociations.keys(),
      ...read.historyAssociations.keys(),
      ...read.customerThirdParty.keys(),
      ...read.cartThirdParty.keys(),
    ];
    if (model) {
      for (const key of strongest(read, 'groupId', LEANING_GROUPS)) pool.push(...(model.topByGroup.get(key) ?? []));
      for (const key of strongest(read, 'brandId', LEANING_BRANDS)) pool.push(...(model.topByBrand.get(key) ?? []));
      pool.push(...model.topOverall);
    }
    return pool;
  }

  private async evidence(customerId: string | null, candidates: readonly string[], cart: readonly string[]): Promise<Evidence> {
    const model = await this.models.active();
    const read = await this.facts.read({ customerId, candidateIds: candidates, cartIds: cart, modelVersion: model?.version ?? null });
    const unknown: InvalidParam[] = [];
    if (!read.customerExists && customerId !== null) {
      unknown.push({ name: 'customer_id', reason: InvalidReason.NotFound, message: 'No such customer', value: customerId });
    }
    for (const [field, ids] of [
      ['cart_product_ids', cart],
      ['product_id_list', candidates],
    ] as const) {
      for (const id of new Set(ids)) {
        if (!read.products.has(id))
          unknown.push({ name: field, reason: InvalidReason.NotFound, message: `No such product: ${id}`, value: id });
      }
    }
    if (unknown.length) throw CommonException.invalidParams(unknown);
    const facts: RankingFacts = {
      ...read,
      popularity: (id) => model?.popularity.get(id) ?? 0,
      category: (id) => read.products.get(id) ?? model?.categories.get(id),
    };
    return { facts, read, model };
  }

  /**
   * The answer with PLU ids. Products the request named were read with their PLU ids already, as were
   * third-party picks; the engine's other picks are read now. Picks must still be active (the model may
   * predate a product's deactivation); candidates stay as the caller named them.
   */
  private async answer(productIds: string[], read: ReadFacts, candidates: readonly string[]): Promise<RecommendedProduct[]> {
    const picks = productIds.filter((id) => !read.products.has(id));
    const details = await this.facts.productDetails(picks);
    return productIds.flatMap((productId) => {
      const named = read.products.get(productId);
      if (named) return named.state === 1 || candidates.includes(productId) ? [{ productId, pluIds: named.pluIds }] : [];
      const pick = details.get(productId);
      return pick?.active ? [{ productId, pluIds: pick.pluIds }] : [];
    });
  }

  private weights(mode: RankingMode) {
    return signalWeights(mode, this.config.recommendationThirdPartyWeight);
  }
}

/** The customer's strongest groups or brands by decayed weight. */
function strongest(read: ReadFacts, key: 'groupId' | 'brandId', limit: number): string[] {
  return [...leaningTotals(read.history, key)]
    .sort((a, b) => b[1] - a[1])
    .slice(0, limit)
    .map(([id]) => id);
}
