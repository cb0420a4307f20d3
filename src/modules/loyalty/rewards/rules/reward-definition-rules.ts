import { InvalidReason } from '@tessera/http';
import { isAllowedRewardCode } from './reward-code';
import { VoucherValidityMode, voucherValidityProblem } from './voucher-validity';

/** What the rules below read of a reward definition, whichever way it came (API or admin CLI). */
export interface DefinitionValues {
  code: string;
  rewardTypeValue?: number | null;
  maximumDiscountValue?: number | null;
  globalReward?: boolean;
  partnerId?: string | null;
  voucherValidity?: VoucherValidityMode;
  voucherValidityValue?: string | null;
}

/** A rule a definition breaks: the field (without its request prefix), the reason and the value. */
export interface DefinitionProblem {
  field: string;
  reason: InvalidReason;
  message: string;
  value?: unknown;
}

/** Kinds whose benefit is reward_type_value: a discount, a final price or a gift card's balance. */
const VALUED_KINDS: readonly string[] = ['fixed_discount', 'percentage_discount', 'final_price', 'gift_card'];

/** The first rule of a reward's values that `definition` of a reward of `kind` breaks, or null. */
export function rewardDefinitionProblem(definition: DefinitionValues, kind: string): DefinitionProblem | null {
  if (!isAllowedRewardCode(definition.code))
    return { field: 'code', reason: InvalidReason.NotAllowedValue, message: 'The code may not contain | or -', value: definition.code };
  const value = definition.rewardTypeValue ?? undefined;
  if (value === undefined && VALUED_KINDS.includes(kind)) {
    return { field: 'reward_type_value', reason: InvalidReason.Required, message: `A ${kind} reward needs reward_type_value` };
  }
  if (kind === 'percentage_discount' && value !== undefined && (value <= 0 || value > 100)) {
    return { field: 'reward_type_value', reason: InvalidReason.NotAllowedValue, message: 'A percentage is above 0 and at most 100', value };
  }
  if (value !== undefined && value < 0)
    return { field: 'reward_type_value', reason: InvalidReason.NotAllowedValue, message: 'The value may not be negative', value };
  const maximum = definition.maximumDiscountValue ?? undefined;
  if (maximum !== undefined && kind !== 'percentage_discount') {
    return {
      field: 'maximum_discount_value',
      reason: InvalidReason.NotAllowedValue,
      message: 'A maximum discount applies only to a percentage discount',
      value: maximum,
    };
  }
  const validityValue = definition.voucherValidityValue ?? undefined;
  const validityProblem = voucherValidityProblem(definition.voucherValidity ?? 'reward_validity', validityValue);
  if (validityProblem) {
    return {
      field: 'voucher_validity_value',
      reason: validityValue === undefined ? InvalidReason.Required : InvalidReason.NotAllowedValue,
      message: validityProblem,
      value: validityValue,
    };
  }
  if (definition.globalReward === false && !definition.partnerId) {
    return { field: 'partner_id', reason: InvalidReason.Required, message: 'A reward that is not global needs a partner' };
  }
  return null;
}
