import { InvalidReason } from '@tessera/http';
import { DefinitionValues, rewardDefinitionProblem } from './reward-definition-rules';

describe('rewardDefinitionProblem', () => {
  const cases: [string, Omit<DefinitionValues, 'code'> & { code?: string }, string, { field: string; reason: InvalidReason } | null][] = [
    ['a fixed discount with a value', { rewardTypeValue: 5 }, 'fixed_discount', null],
    [
      'a code with a dash',
      { code: 'TEN-OFF', rewardTypeValue: 5 },
      'fixed_discount',
      { field: 'code', reason: InvalidReason.NotAllowedValue },
    ],
    [
      'a code with a bar',
      { code: 'TEN|OFF', rewardTypeValue: 5 },
      'fixed_discount',
      { field: 'code', reason: InvalidReason.NotAllowedValue },
    ],
    ['a catalogue item needs no value', {}, 'catalogue_item', null],
    ['a gift card without its balance', {}, 'gift_card', { field: 'reward_type_value', reason: InvalidReason.Required }],
    [
      'a negative final price',
      { rewardTypeValue: -1 },
      'final_price',
      { field: 'reward_type_value', reason: InvalidReason.NotAllowedValue },
    ],
    [
      'a percentage of 0',
      { rewardTypeValue: 0 },
      'percentage_discount',
      { field: 'reward_type_value', reason: InvalidReason.NotAllowedValue },
    ],
    [
      'a percentage above 100',
      { rewardTypeValue: 101 },
      'percentage_discount',
      { field: 'reward_type_value', reason: InvalidReason.NotAllowedValue },
    ],
    ['a percentage of 100 with a cap', { rewardTypeValue: 100, maximumDiscountValue: 20 }, 'percentage_discount', null],
    [
      'a cap on a fixed discount',
      { rewardTypeValue: 5, maximumDiscountValue: 20 },
      'fixed_discount',
      { field: 'maximum_discount_value', reason: InvalidReason.NotAllowedValue },
    ],
    [
      'an interval validity without its value',
      { rewardTypeValue: 5, voucherValidity: 'interval' },
      'fixed_discount',
      { field: 'voucher_validity_value', reason: InvalidReason.Required },
    ],
    [
      'an interval validity that is no interval',
      { rewardTypeValue: 5, voucherValidity: 'interval', voucherValidityValue: 'soon' },
      'fixed_discount',
      { field: 'voucher_validity_value', reason: InvalidReason.NotAllowedValue },
    ],
    [
      'an interval validity of 30 days',
      { rewardTypeValue: 5, voucherValidity: 'interval', voucherValidityValue: '30 days' },
      'fixed_discount',
      null,
    ],
    [
      'a partner reward without its partner',
      { rewardTypeValue: 5, globalReward: false },
      'fixed_discount',
      { field: 'partner_id', reason: InvalidReason.Required },
    ],
    ['a partner reward with its partner', { rewardTypeValue: 5, globalReward: false, partnerId: 'p1' }, 'fixed_discount', null],
  ];
  it.each(cases)('%s', (_name, definition, kind, expected) => {
    const problem = rewardDefinitionProblem({ code: 'TENOFF', ...definition }, kind);
    expect(problem === null ? null : { field: problem.field, reason: problem.reason }).toEqual(expected);
  });
});
