import { DomainException, ErrorMap } from '@tessera/http';
import { VoucherRefusal } from './rules/voucher-usability';

/** Reasons of rewards and vouchers that the generic reasons do not cover. */
export enum RewardsReason {
  NotEnoughPointsForVoucher = 'not_enough_points_for_voucher',
}

export enum RewardsErrorCode {
  /** A voucher cannot be used now (applied, expired, wrong store, ...); `data.reason` is a VoucherRefusal. */
  VoucherRefused = 'voucher_refused',
  /** The reward's kind does not allow the voucher operation asked for. */
  RewardKindNotAllowed = 'reward_kind_not_allowed',
  /** An applied or used voucher cannot be deleted. */
  VoucherInUse = 'voucher_in_use',
}

const rewardsErrorMap: ErrorMap<RewardsErrorCode, RewardsException> = {
  [RewardsErrorCode.VoucherRefused]: (e) => e.invalidParamError(String(e.details.data?.reason)),
  [RewardsErrorCode.RewardKindNotAllowed]: (e) => e.invalidParamError('not_allowed_value'),
  [RewardsErrorCode.VoucherInUse]: (e) => e.invalidParamError(VoucherRefusal.AlreadyApplied),
};

export class RewardsException extends DomainException<RewardsErrorCode> {
  protected readonly errorMap = rewardsErrorMap;

  static voucherRefused(field: string, voucherId: string, reason: VoucherRefusal): RewardsException {
    return new RewardsException(RewardsErrorCode.VoucherRefused, `The voucher cannot be used: ${reason}`, {
      name: field,
      value: voucherId,
      data: { reason },
    });
  }

  static rewardKindNotAllowed(rewardId: string, message: string): RewardsException {
    return new RewardsException(RewardsErrorCode.RewardKindNotAllowed, message, { name: 'reward_id', value: rewardId });
  }

  static voucherInUse(voucherId: string): RewardsException {
    return new RewardsException(RewardsErrorCode.VoucherInUse, 'Only vouchers not applied yet can be deleted', {
      name: 'voucher_id',
      value: voucherId,
    });
  }
}
