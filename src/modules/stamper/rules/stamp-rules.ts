import { StamperRelatedTo } from '../entities/stamper-campaign.entity';

/** A purchase line as the stamp rules see it (the closure's cart line fits). */
export interface StampableLine {
  productId: string | null;
  productGroupId: string | null;
  productBrandId: string | null;
  quantity: number;
  paidCents: number;
  loyaltyOff: boolean;
}

/** A condition's machine rule. */
export interface StampRule {
  id: string;
  relatedTo: StamperRelatedTo;
  relatedIds: ReadonlySet<string>;
  /** Units of the related products one stamp takes (1 when not set). */
  minimumQuantity: number | null;
  /** Cents of purchase one stamp takes, for `purchase_amount`. */
  minimumAmountCents: number | null;
  maxStampsPerPurchase: number;
}

/** What placing stamps needs of a campaign. */
export interface CardRules {
  stampCount: number;
  repetitions: number;
  checkpoints: readonly { id: string; stampNumber: number }[];
}

/** The customer's latest card in a campaign. */
export interface LatestCard {
  id: string;
  order: number;
  total: number;
  blocked: boolean;
}

/** A card as placing leaves it. */
export interface PlacedCard {
  id: string;
  order: number;
  total: number;
  filled: boolean;
  isNew: boolean;
}

/** A voucher a card has earned: the checkpoint's, or (checkpoint null) the full card's. */
export interface DueReward {
  cardId: string;
  checkpointId: string | null;
}

export interface Placement {
  cards: PlacedCard[];
  /** One per stamp, in order: its card and place, or nulls when no card may take it. */
  stamps: { cardId: string | null; order: number | null }[];
  rewards: DueReward[];
}

// Quantities may be fractional (0.5 kg): a hair of tolerance keeps 3 x 0.1 counting as 0.3.
const EPSILON = 1e-9;

/**
 * Stamps one purchase earns by a condition: one per full `minimum_quantity` units of the related products
 * (or per full `minimum_amount` of the purchase), at most `max_stamps_per_purchase`. Lines that collect no
 * loyalty (`loyalty_off`) count for nothing.
 */
export function stampsByRule(rule: StampRule, lines: readonly StampableLine[]): number {
  const counted = lines.filter((line) => !line.loyaltyOff);
  let units: number;
  let perStamp: number;
  if (rule.relatedTo === 'purchase_amount') {
    units = counted.reduce((sum, line) => sum + line.paidCents, 0);
    perStamp = rule.minimumAmountCents ?? 1;
  } else {
    const keyOf = KEYS[rule.relatedTo];
    units = counted.reduce((sum, line) => {
      const key = keyOf(line);
      return key !== null && rule.relatedIds.has(key) ? sum + line.quantity : sum;
    }, 0);
    perStamp = rule.minimumQuantity ?? 1;
  }
  if (perStamp <= 0) return 0;
  return Math.min(Math.floor(units / perStamp + EPSILON), rule.maxStampsPerPurchase);
}

const KEYS: Record<Exclude<StamperRelatedTo, 'purchase_amount'>, (line: StampableLine) => string | null> = {
  product: (line) => line.productId,
  product_group: (line) => line.productGroupId,
  product_brand: (line) => line.productBrandId,
};

/** The conditions a purchase meets, each repeated as often as it earns a stamp, in the campaign's order. */
export function earnedConditions(rules: readonly StampRule[], lines: readonly StampableLine[]): string[] {
  return rules.flatMap((rule) => Array.from({ length: stampsByRule(rule, lines) }, () => rule.id));
}

/**
 * Places `count` new stamps after the customer's latest card: each takes the next place on the current
 * card, a full card opens the next one while the campaign's repetitions allow, and beyond them stamps
 * get no place. Each place that matches a checkpoint, and each place that fills a card, makes a reward
 * due. Null when the latest card is blocked: the customer collects nothing in the campaign then.
 */
export function placeStamps(rules: CardRules, latest: LatestCard | null, count: number, newId: () => string): Placement | null {
  if (latest?.blocked) return null;
  const placement: Placement = { cards: [], stamps: [], rewards: [] };
  let cardsSoFar = latest?.order ?? 0;
  let card: PlacedCard | null =
    latest && latest.total < rules.stampCount
      ? { id: latest.id, order: latest.order, total: latest.total, filled: false, isNew: false }
      : null;
  for (let n = 0; n < count; n++) {
    if (card === null && cardsSoFar < rules.repetitions) {
      cardsSoFar += 1;
      card = { id: newId(), order: cardsSoFar, total: 0, filled: false, isNew: true };
    }
    if (card === null) {
      placement.stamps.push({ cardId: null, order: null });
      continue;
    }
    card.total += 1;
    if (!placement.cards.includes(card)) placement.cards.push(card);
    placement.stamps.push({ cardId: card.id, order: card.total });
    for (const checkpoint of rules.checkpoints) {
      if (checkpoint.stampNumber === card.total) placement.rewards.push({ cardId: card.id, checkpointId: checkpoint.id });
    }
    if (card.total >= rules.stampCount) {
      card.filled = true;
      placement.rewards.push({ cardId: card.id, checkpointId: null });
      card = null;
    }
  }
  return placement;
}

/** A card as re-placing sees it, in card order. */
export interface CardSlot {
  id: string;
  total: number;
  filled: boolean;
}

/** A stamp as re-placing sees it, in collection order. */
export interface StampSlot {
  id: string;
  cardId: string | null;
  order: number | null;
}

/**
 * Lays the customer's standing stamps onto their active cards again, in collection order, after some
 * stamps were taken back: each card takes `stampCount` of them in turn, and those left over keep no
 * place. Answers only the cards and stamps that change.
 */
export function replaceStamps(
  stampCount: number,
  cards: readonly CardSlot[],
  stamps: readonly StampSlot[],
): { cards: CardSlot[]; stamps: StampSlot[] } {
  const changed = { cards: [] as CardSlot[], stamps: [] as StampSlot[] };
  cards.forEach((card, index) => {
    const total = Math.max(0, Math.min(stampCount, stamps.length - index * stampCount));
    const filled = total >= stampCount;
    if (total !== card.total || filled !== card.filled) changed.cards.push({ id: card.id, total, filled });
  });
  stamps.forEach((stamp, index) => {
    const card = cards[Math.floor(index / stampCount)];
    const cardId = card?.id ?? null;
    const order = card ? (index % stampCount) + 1 : null;
    if (cardId !== stamp.cardId || order !== stamp.order) changed.stamps.push({ id: stamp.id, cardId, order });
  });
  return changed;
}
