import { DomainException, ErrorMap } from '@tessera/http';

/** Reasons of this context that the generic reasons do not cover. */
export enum LoyaltyReason {
  NotEnoughPointsForPayment = 'not_enough_points_for_payment',
  NotEnoughCredits = 'not_enough_credits',
  CardIsBlocked = 'card_is_blocked',
}

export enum LoyaltyErrorCode {
  /** A deduction asks for more points than the customer has available; `data.reason` may name the caller's reason. */
  NotEnoughPoints = 'not_enough_points',
  /** A deduction asks for more credits than the customer has available. */
  NotEnoughCredits = 'not_enough_credits',
  /** The card named is blocked. */
  CardIsBlocked = 'card_is_blocked',
}

const loyaltyErrorMap: ErrorMap<LoyaltyErrorCode, LoyaltyException> = {
  [LoyaltyErrorCode.NotEnoughPoints]: (e) =>
    e.invalidParamError(typeof e.details.data?.reason === 'string' ? e.details.data.reason : LoyaltyReason.NotEnoughPointsForPayment),
  [LoyaltyErrorCode.NotEnoughCredits]: (e) => e.invalidParamError(LoyaltyReason.NotEnoughCredits),
  [LoyaltyErrorCode.CardIsBlocked]: (e) => e.invalidParamError(LoyaltyReason.CardIsBlocked),
};

export class LoyaltyException extends DomainException<LoyaltyErrorCode> {
  protected readonly errorMap = loyaltyErrorMap;

  /**
   * `field` and `reason` let a caller that deducts points for its own purpose (a voucher, a payment)
   * name its own request field and reason.
   */
  static notEnoughPoints(
    requested: string,
    available: string,
    field = 'amount',
    reason: string = LoyaltyReason.NotEnoughPointsForPayment,
  ): LoyaltyException {
    return new LoyaltyException(
      LoyaltyErrorCode.NotEnoughPoints,
      `The customer has ${available} points available, ${requested} are needed`,
      {
        name: field,
        value: requested,
        data: { reason, available },
      },
    );
  }

  static notEnoughCredits(requested: string, available: string, field = 'amount'): LoyaltyException {
    return new LoyaltyException(
      LoyaltyErrorCode.NotEnoughCredits,
      `The customer has ${available} credits available, ${requested} are needed`,
      {
        name: field,
        value: requested,
        data: { available },
      },
    );
  }

  static cardIsBlocked(field: string, cardNumber: string): LoyaltyException {
    return new LoyaltyException(LoyaltyErrorCode.CardIsBlocked, 'The card is blocked', { name: field, value: cardNumber });
  }
}
