import { DomainException, ErrorMap } from '@tessera/http';

/** The purchase-closure reasons the generic reasons do not cover (voucher reasons come from the loyalty rules). */
export enum PurchaseReason {
  ItemPriceLowerThanPaidAmount = 'item_price_lower_than_paid_amount',
  NotEnoughPointsForPayment = 'not_enough_points_for_payment',
  MaxNumberOfVoucherExceeded = 'max_number_of_voucher_exceeded',
  VoucherCantBeUsedInStore = 'voucher_cant_be_used_in_store',
  NotEnoughItemsForVoucher = 'not_enough_items_for_voucher',
  UnauthorizedUseVouchers = 'unauthorized_use_vouchers',
  NotEnoughPointsForVoucher = 'not_enough_points_for_voucher',
  VoucherInvalidTypeOfUsage = 'voucher_invalid_type_of_usage',
  DifferentSystemId = 'different_system_id',
  CardIsBlocked = 'card_is_blocked',
  PointsMinAmountOfPurchase = 'points_min_amount_of_purchase',
  CustomerCantPayByPoints = 'customer_cant_pay_by_points',
  CustomerCantPayByCredits = 'customer_cant_pay_by_credits',
  CustomerWasDeleted = 'customer_was_deleted',
  NotEnoughCredits = 'not_enough_credits',
}

export enum PurchaseErrorCode {
  /** A bill (or its checkout) refused: `details.name` is the field the API lists, `details.data.reason` the reason. */
  BillRefused = 'bill_refused',
}

const purchaseErrorMap: ErrorMap<PurchaseErrorCode, PurchasesException> = {
  [PurchaseErrorCode.BillRefused]: (e) => e.invalidParamError(String(e.details.data?.reason)),
};

export class PurchasesException extends DomainException<PurchaseErrorCode> {
  protected readonly errorMap = purchaseErrorMap;

  static refused(name: string, reason: string, message: string, value?: unknown): PurchasesException {
    return new PurchasesException(PurchaseErrorCode.BillRefused, message, { name, value, data: { reason } });
  }
}
