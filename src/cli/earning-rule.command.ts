import {
  EarningRuleDefinitionDto,
  EarningRuleDefinitionRepository,
  EarningRuleService,
  EarningSimulationDto,
  type EarningRuleDefinitionView,
} from '../modules/loyalty';
import { withAdminSession } from './admin-session';
import { UsageError } from './cli-io';
import { checkedDefinition, readJsonDefinition } from './json-definition';
import { lifecycleCommand } from './lifecycle-command';

/** `tessera earning-rule ...`: what purchases and events earn beyond points_per_currency_unit. */
export const earningRuleCommand = lifecycleCommand<EarningRuleDefinitionDto, EarningRuleDefinitionView>({
  name: 'earning-rule',
  store: EarningRuleDefinitionRepository,
  file: {
    type: EarningRuleDefinitionDto,
    what: 'earning rule',
    example: {
      code: 'double-roastery',
      name: 'Double points on Roastery coffee',
      priority: 10,
      stacking: 'cumulative',
      valid_from: '2026-12-01T00:00:00+01:00',
      valid_to: '2027-01-01T00:00:00+01:00',
      conditions: { items: { product_brand_ids: ['<brand id>'] } },
      effects: [{ kind: 'points_per_currency_unit', on: 'matching_lines', multiplier: 1 }],
      limits: { per_customer: [{ period: 'day', times: 1 }], budget_points: 100000 },
    },
  },
  columns: ['CODE', 'EARNING RULE ID', 'STATE', 'PRIORITY', 'STACKING', 'EFFECTS', 'NAME'],
  row: (rule) => [
    rule.code,
    rule.earning_rule_id,
    String(rule.state),
    String(rule.priority),
    rule.stacking,
    rule.effects.map((effect) => effect.kind).join(','),
    rule.name,
  ],
  viewOnly: ['earning_rule_id', 'state', 'granted_points', 'granted_money', 'last_change'],
  more: {
    simulate: async ([path], _options, io) => {
      if (path === undefined) throw new UsageError('Give a FILE, or - for standard input');
      const input = await checkedDefinition(EarningSimulationDto, await readJsonDefinition(path, io), 'simulation');
      const result = await withAdminSession(io, ({ context }) => context.get(EarningRuleService).simulate(input));
      io.stdout(`${JSON.stringify(result, null, 2)}\n`);
      return 0;
    },
  },
});
