import { RewardDefinitionDto, RewardDefinitionRepository, type RewardDefinitionView } from '../modules/loyalty';
import { lifecycleCommand } from './lifecycle-command';

const STATE_NAMES: Record<number, string> = { 0: 'withdrawn', 1: 'active', 2: 'inactive' };

/** `tessera reward ...`: rewards of every group and kind, defined by the operator. */
export const rewardCommand = lifecycleCommand<RewardDefinitionDto, RewardDefinitionView>({
  name: 'reward',
  store: RewardDefinitionRepository,
  file: {
    type: RewardDefinitionDto,
    what: 'reward',
    example: {
      code: 'COFFEE10',
      names: [{ language_code: 'en', text: '10 % off coffee' }],
      reward_group: 1,
      reward_type_id: 'percentage_discount',
      reward_type_value: 10,
      points_cost: 100,
      valid_date_from: '2025-01-01',
      valid_date_to: '2025-12-31',
      valid_weekdays: [1, 2, 3, 4, 5],
      stores: [{ store_id: 'STORE_CODE', visible_for_customer: 1 }],
      products: [{ product_id: 'PRODUCT_ID', relation: 'bonus' }],
    },
  },
  columns: ['CODE', 'REWARD ID', 'GROUP', 'TYPE ID', 'AUTOMATED', 'POINTS COST', 'VALID', 'STATE'],
  row: (reward) => [
    reward.code,
    reward.reward_id,
    String(reward.reward_group),
    reward.reward_type_id,
    String(reward.is_automated),
    (reward.points_cost ?? 0).toFixed(2),
    `${reward.valid_date_from ?? ''}..${reward.valid_date_to ?? ''}`,
    STATE_NAMES[reward.state] ?? String(reward.state),
  ],
  viewOnly: ['reward_id', 'state', 'last_change'],
});
