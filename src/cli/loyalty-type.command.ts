import {
  CreditTypeDefinitionDto,
  CreditTypeDefinitionRepository,
  type CreditTypeDefinitionView,
  PointTypeDefinitionDto,
  PointTypeDefinitionRepository,
  type PointTypeDefinitionView,
  RewardTypeDefinitionDto,
  RewardTypeDefinitionRepository,
  type RewardTypeDefinitionView,
} from '../modules/loyalty';
import { lifecycleCommand } from './lifecycle-command';

/** `tessera point-type ...`: the kinds of points customers hold. */
export const pointTypeCommand = lifecycleCommand<PointTypeDefinitionDto, PointTypeDefinitionView>({
  name: 'point-type',
  store: PointTypeDefinitionRepository,
  file: { type: PointTypeDefinitionDto, what: 'point type', example: { name: 'Bonus points', is_default: false } },
  columns: ['POINT TYPE ID', 'STATE', 'DEFAULT', 'NAME'],
  row: (type) => [type.point_type_id, String(type.state), type.is_default ? 'yes' : '', type.name],
  viewOnly: ['point_type_id', 'state', 'last_change'],
});

/** `tessera credit-type ...`: the kinds of credits customers hold. */
export const creditTypeCommand = lifecycleCommand<CreditTypeDefinitionDto, CreditTypeDefinitionView>({
  name: 'credit-type',
  store: CreditTypeDefinitionRepository,
  file: { type: CreditTypeDefinitionDto, what: 'credit type', example: { name: 'Gift credit', currency_id: 'EUR', is_default: false } },
  columns: ['CREDIT TYPE ID', 'STATE', 'DEFAULT', 'CURRENCY ID', 'NAME'],
  row: (type) => [type.credit_type_id, String(type.state), type.is_default ? 'yes' : '', type.currency_id, type.name],
  viewOnly: ['credit_type_id', 'state', 'last_change'],
});

/** `tessera reward-type ...`: the types rewards are given, each of a kind the rules apply. */
export const rewardTypeCommand = lifecycleCommand<RewardTypeDefinitionDto, RewardTypeDefinitionView>({
  name: 'reward-type',
  store: RewardTypeDefinitionRepository,
  file: {
    type: RewardTypeDefinitionDto,
    what: 'reward type',
    example: { text_id: 'member_discount', name: 'Member discount', kind: 'percentage_discount' },
  },
  columns: ['TEXT ID', 'REWARD TYPE ID', 'STATE', 'KIND', 'NAME'],
  row: (type) => [type.text_id, type.reward_type_id, String(type.state), type.kind, type.name],
  viewOnly: ['reward_type_id', 'state', 'last_change'],
});
