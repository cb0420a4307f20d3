import { LOYALTY_RULES, LoyaltyRuleService, RuleScope, StoredRule } from '../modules/loyalty';
import { withAdminSession } from './admin-session';
import { UsageError } from './cli-io';
import { cliCommand, JsonOption } from './cli-command';
import { formatRows } from './text-table';

const RULE_COLUMNS = ['RULE', 'SCOPE', 'SCOPE ID', 'VALUE', 'HELP'];

interface ScopeOptions {
  store?: string;
  partner?: string;
}

/** `tessera loyalty-rules list|set|unset`: the project's loyalty rules, per project, partner or store. */
export const loyaltyRulesCommand = cliCommand({
  list: async (_args, options: JsonOption, io) => {
    const stored = await withAdminSession(io, ({ context }) => context.get(LoyaltyRuleService).list());
    io.stdout(formatRows(RULE_COLUMNS, ruleRows(stored), options.json, io.terminalColumns));
    return 0;
  },
  set: async ([rule, value], options: ScopeOptions, io) => {
    const [scope, scopeId] = scopeOf(options);
    await withAdminSession(io, ({ context }) => context.get(LoyaltyRuleService).set(rule, scope, scopeId, value));
    io.stdout(`${rule} = ${value.trim()} saved for ${describeScope(scope, scopeId)}\n`);
    return 0;
  },
  unset: async ([rule], options: ScopeOptions, io) => {
    const [scope, scopeId] = scopeOf(options);
    const removed = await withAdminSession(io, ({ context }) => context.get(LoyaltyRuleService).unset(rule, scope, scopeId));
    io.stdout(
      removed ? `${rule} removed for ${describeScope(scope, scopeId)}\n` : `${rule} is not set for ${describeScope(scope, scopeId)}\n`,
    );
    return 0;
  },
});

/** The scope the options name; commander refuses --store with --partner. */
function scopeOf(values: ScopeOptions): [RuleScope, string] {
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
