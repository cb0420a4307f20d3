import { LOYALTY_RULES, LoyaltyRuleService, RuleScope, StoredRule } from '../modules/loyalty';
import { withAdminSession } from './admin-session';
import { CliIo, parseCommandArgs, UsageError } from './cli-args';
import { textTable } from './text-table';

const RULE_COLUMNS = ['RULE', 'SCOPE', 'SCOPE ID', 'VALUE', 'HELP'];

const SCOPE_OPTIONS = { store: { type: 'string' }, partner: { type: 'string' } } as const;

/** `tessera loyalty-rules list|set|unset`: the project's loyalty rules, per project, partner or store. */
export async function loyaltyRulesCommand(args: string[], io: CliIo): Promise<number> {
  const [action, ...rest] = args;
  switch (action) {
    case 'list': {
      parseCommandArgs(rest, {});
      const stored = await withAdminSession(io, ({ context }) => context.get(LoyaltyRuleService).list());
      io.stdout(textTable(RULE_COLUMNS, ruleRows(stored)));
      return 0;
    }
    case 'set': {
      const { values, positionals } = parseCommandArgs(rest, SCOPE_OPTIONS, ['RULE', 'VALUE']);
      const [rule, value] = positionals;
      const [scope, scopeId] = scopeOf(values);
      await withAdminSession(io, ({ context }) => context.get(LoyaltyRuleService).set(rule, scope, scopeId, value));
      io.stdout(`${rule} = ${value.trim()} saved for ${describeScope(scope, scopeId)}\n`);
      return 0;
    }
    case 'unset': {
      const { values, positionals } = parseCommandArgs(rest, SCOPE_OPTIONS, ['RULE']);
      const [rule] = positionals;
      const [scope, scopeId] = scopeOf(values);
      const removed = await withAdminSession(io, ({ context }) => context.get(LoyaltyRuleService).unset(rule, scope, scopeId));
      io.stdout(
        removed ? `${rule} removed for ${describeScope(scope, scopeId)}\n` : `${rule} is not set for ${describeScope(scope, scopeId)}\n`,
      );
      return 0;
    }
    default:
      throw new UsageError(`Unknown loyalty-rules command "${action ?? ''}"`);
  }
}

function scopeOf(values: { store?: string; partner?: string }): [RuleScope, string] {
  if (values.store !== undefined && values.partner !== undefined) throw new UsageError('Give --store or --partner, not both');
  if (values.store !== undefined) return ['store', nonEmpty(values.store, 'store')];
  if (values.partner !== undefined) return ['partner', nonEmpty(values.partner, 'partner')];
  return ['project', ''];
}

function nonEmpty(value: string, option: string): string {
  if (value === '') throw new UsageError(`--${option} needs an id`);
  return value;
}

function describeScope(scope: RuleScope, scopeId: string): string {
  return scope === 'project' ? 'the project' : `${scope} ${scopeId}`;
}

/**
 * Every rule with its stored values; a rule without a project-wide value also shows the default that
 * applies where nothing more specific is set, and what the rule means.
 */
function ruleRows(stored: StoredRule[]): string[][] {
  const rows: string[][] = [];
  for (const [name, rule] of Object.entries(LOYALTY_RULES)) {
    const values = stored.filter((value) => value.rule === name);
    if (!values.some((value) => value.scope === 'project'))
      rows.push([name, 'default', '', rule.default, `${rule.help} (settable for: ${rule.scopes.join(', ')})`]);
    for (const value of values) rows.push([name, value.scope, value.scopeId, value.value, '']);
  }
  return rows;
}
