import { randomBytes } from 'node:crypto';
import { RewardDefinition, RewardService } from '../../src/modules/loyalty';
import { TestApp } from './test-app';

/**
 * A reward of the operator's, as the admin CLI defines it: unless `overrides` say otherwise, a voucher
 * reward (group 1) taking 5 off a bill, for no points, its vouchers valid 30 days. Its id.
 */
export async function defineReward(t: TestApp, name: string, overrides: Partial<RewardDefinition> = {}): Promise<string> {
  const rewardTypeId =
    overrides.rewardTypeId ??
    ((await t.dataSource.query(`SELECT reward_type_id FROM reward_types WHERE text_id = 'fixed_discount'`))[0].reward_type_id as string);
  return t.service(RewardService).define({
    code: `R${randomBytes(5).toString('hex').toUpperCase()}`,
    names: { en: name },
    rewardGroup: 1,
    rewardTypeId,
    rewardTypeValue: 5,
    pointsCost: 0,
    voucherValidity: 'interval',
    voucherValidityValue: '30 days',
    ...overrides,
  });
}
