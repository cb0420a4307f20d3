import { Injectable } from '@nestjs/common';
import { CommonException, InvalidReason, Page, PageRequest } from '@tessera/http';
import { AuditActor, AuditTrail } from '../audit';
import { customerNotFound } from '../customers';
import { CardService, CardState, CreditLedgerService, PointLedgerService } from '../loyalty';
import { PasswordSetupService } from '../messaging';
import { PartnerService } from '../reference-data';
import { CustomerCareRepository, SearchTerms } from './customer-care.repository';
import {
  CardStateChange,
  CreditAdjustment,
  CreditAdjustmentInput,
  CustomerPicture,
  CustomerSearchQuery,
  CustomerSearchRow,
  PasswordSetupResend,
  PointAdjustment,
  PointAdjustmentInput,
  StatusChange,
} from './dto/customer-care.dto';

const DEFAULT_LIMIT = 20;
const MAX_LIMIT = 100;
/** A shorter name prefix matches too many customers to be worth a look-up. */
const MIN_NAME_PREFIX = 2;

/**
 * What customer-care staff do for a customer: find them, see them whole, correct their balances with a
 * reason, block or unblock a card, and send a new password-setup link. The operator is the actor; the
 * ledgers and cards keep their own rules and events, so a correction is an ordinary movement.
 */
@Injectable()
export class CustomerCareService {
  constructor(
    private readonly repository: CustomerCareRepository,
    private readonly points: PointLedgerService,
    private readonly credits: CreditLedgerService,
    private readonly cards: CardService,
    private readonly partners: PartnerService,
    private readonly passwordSetup: PasswordSetupService,
    private readonly audit: AuditTrail,
  ) {}

  async search(query: CustomerSearchQuery): Promise<CustomerSearchRow[]> {
    return this.repository.search(searchTerms(query));
  }

  /** Every change of the customer's status, latest first; 404 as `picture` for a customer that does not exist. */
  async statusHistory(customerId: string, page: PageRequest): Promise<Page<StatusChange>> {
    const history = await this.repository.statusHistory(customerId, page);
    if (!history) throw customerNotFound(customerId, { inPath: true });
    return history;
  }

  /** Fails as the API does for a customer named in the path that does not exist (or was deleted). */
  async picture(customerId: string): Promise<CustomerPicture> {
    const picture = await this.repository.picture(customerId);
    if (!picture) throw customerNotFound(customerId, { inPath: true });
    return picture;
  }

  /**
   * Adds or takes points; a deduction fails with `not_enough_points` when the customer has fewer
   * available. The movement and its audit row commit together; the row names the customer by id only.
   */
  async adjustPoints(actor: AuditActor, input: PointAdjustmentInput): Promise<PointAdjustment> {
    const reason = requiredReason(input.reason);
    const amount = signedAmount(input.points, 'points');
    const movement = {
      customer_id: input.customerId,
      amount: Math.abs(amount),
      partner_id: await this.partners.defaultPartnerId(),
      point_type_id: input.pointTypeId,
      note: reason,
    };
    return this.audit.audited(actor, async (manager) => {
      const pointId = amount > 0 ? await this.points.assign(movement, manager) : await this.points.reduce(movement, manager);
      const value = { point_id: pointId, customer_id: input.customerId, points: amount, reason };
      return { value, targetType: 'customer', targetId: input.customerId, reason, after: { point_id: pointId, points: amount } };
    });
  }

  /** Deposits or takes credits; a deduction fails with `not_enough_credits` when the customer has fewer available. */
  async adjustCredits(actor: AuditActor, input: CreditAdjustmentInput): Promise<CreditAdjustment> {
    const reason = requiredReason(input.reason);
    const amount = signedAmount(input.credits, 'credits');
    const movement = {
      customer_id: input.customerId,
      amount: Math.abs(amount),
      partner_id: await this.partners.defaultPartnerId(),
      credit_type_id: input.creditTypeId,
      currency_id: input.currencyId,
      note: reason,
    };
    return this.audit.audited(actor, async (manager) => {
      const creditId = amount > 0 ? await this.credits.deposit(movement, manager) : await this.credits.reduce(movement, manager);
      const value = { credit_id: creditId, customer_id: input.customerId, credits: amount, reason };
      return { value, targetType: 'customer', targetId: input.customerId, reason, after: { credit_id: creditId, credits: amount } };
    });
  }

  async blockCard(actor: AuditActor, cardId: string): Promise<CardStateChange> {
    return this.setCardState(actor, cardId, CardState.Blocked);
  }

  async unblockCard(actor: AuditActor, cardId: string): Promise<CardStateChange> {
    return this.setCardState(actor, cardId, CardState.Active);
  }

  /**
   * A new link to the customer's e-mail address; the hourly link limit applies as to the customer's
   * own requests. The link, its message and the audit row commit together; delivery starts after.
   */
  async resendPasswordSetup(actor: AuditActor, customerId: string): Promise<PasswordSetupResend> {
    const resent = await this.audit.audited(actor, async (manager) => {
      const sent = await this.passwordSetup.sendToCustomer(customerId, manager);
      return {
        value: { customer_id: customerId, sent },
        targetType: 'customer',
        targetId: customerId,
        after: { password_setup_sent: sent },
      };
    });
    if (resent.sent) this.passwordSetup.deliverQueued();
    return resent;
  }

  private async setCardState(actor: AuditActor, cardId: string, state: CardState): Promise<CardStateChange> {
    return this.audit.audited(actor, async (manager) => {
      const customerId = await this.cards.setState(cardId, state, manager);
      return { value: { card_id: cardId, customer_id: customerId, state }, targetType: 'card', targetId: cardId, after: { state } };
    });
  }
}

/** How the text is looked up: names only for text that cannot be a contact or a number. */
function searchTerms(query: CustomerSearchQuery): SearchTerms {
  const text = typeof query.text === 'string' ? query.text.trim() : '';
  if (text === '') throw CommonException.invalid('text', InvalidReason.Required, 'Give the text to search for');
  const limit = query.limit ?? DEFAULT_LIMIT;
  if (!Number.isInteger(limit) || limit < 1 || limit > MAX_LIMIT) {
    throw CommonException.invalid('limit', InvalidReason.InvalidValueFormat, `limit must be a whole number from 1 to ${MAX_LIMIT}`, limit);
  }
  const words = text.split(/\s+/);
  const nameLike = !/[@\d]/.test(text) && words.length <= 2 && words.every((word) => word.length >= MIN_NAME_PREFIX);
  return { text, limit, email: text.includes('@'), nameWords: nameLike ? words : [] };
}

function requiredReason(reason: unknown): string {
  const text = typeof reason === 'string' ? reason.trim() : '';
  if (text === '') throw CommonException.invalid('reason', InvalidReason.Required, 'Give the reason for the adjustment');
  return text;
}

/** A non-zero finite amount; its decimals are the ledger's to check. */
function signedAmount(value: unknown, field: string): number {
  if (typeof value !== 'number' || !Number.isFinite(value) || value === 0) {
    throw CommonException.invalid(field, InvalidReason.InvalidValueFormat, `${field} must be a number other than zero`, value);
  }
  return value;
}
