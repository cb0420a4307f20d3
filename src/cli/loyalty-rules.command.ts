import { CommonException, InvalidReason } from '@tessera/http';
import { cliAuditActor, DefinitionLifecycle } from '../modules/audit';
import {
  LOYALTY_RULES,
  LoyaltyRuleService,
  LoyaltyRuleSettingDto,
  LoyaltyRuleSettingRepository,
  RuleScope,
  StoredRule,
} from '../modules/loyalty';
import { withAdminSession } from './admin-session';
import { CliIo, UsageError } from './cli-io';
import { checkedDefinition, readJsonDefinition } from './json-definition';
import { cliCommand, JsonOption } from './cli-command';
import { formatRows } from './text-table';

const RULE_COLUMNS = ['RULE', 'SCOPE', 'SCOPE ID', 'VALUE', 'HELP'];

interface ScopeOptions {
  store?: string;
  partner?: string;
}

/** A rule's values changed through the lifecycle, audited as the operator API's change is. */
async function changeValues(
  io: CliIo,
  rule: string,
  verb: string,
  edit: (values: LoyaltyRuleSettingDto['values']) => LoyaltyRuleSettingDto['values'],
): Promise<void> {
  if (!(rule in LOYALTY_RULES))
    throw CommonException.invalid(
      'rule',
      InvalidReason.NotAllowedValue,
      `Unknown rule; the rules are: ${Object.keys(LOYALTY_RULES).join(', ')}`,
      rule,
    );
  await withAdminSession(io, async ({ context }) => {
    const lifecycle = context.get(DefinitionLifecycle);
    const store = context.get(LoyaltyRuleSettingRepository, { strict: false });
    const { values } = await lifecycle.show(store, rule);
    await lifecycle.change(cliAuditActor(`loyalty-rules ${verb}`), store, rule, { values: edit(values) });
  });
}

const sameScope = (scope: RuleScope, scopeId: string) => (value: LoyaltyRuleSettingDto['values'][number]) =>
  value.scope === scope && (value.scope_id ?? '') === scopeId;

/**
 * `tessera loyalty-rules list|show|change|set|unset`: the project's loyalty rules, per project, partner
 * or store. They always exist, so there is no define nor remove; every write is audited.
 */
export const loyaltyRulesCommand = cliCommand({
  list: async (_args, options: JsonOption, io) => {
    const stored = await withAdminSession(io, ({ context }) => context.get(LoyaltyRuleService).list());
    io.stdout(formatRows(RULE_COLUMNS, ruleRows(stored), options.json, io.terminalColumns));
    return 0;
  },
  show: async ([rule], _options: JsonOption, io) => {
    const view = await withAdminSession(io, ({ context }) =>
      context.get(DefinitionLifecycle).show(context.get(LoyaltyRuleSettingRepository, { strict: false }), rule),
    );
    io.stdout(`${JSON.stringify(view, null, 2)}\n`);
    return 0;
  },
  change: async ([rule, path], _options: unknown, io) => {
    const json = await readJsonDefinition(path, io);
    if (typeof json === 'object' && json !== null && !Array.isArray(json))
      for (const field of ['rule', 'default', 'scopes', 'help']) delete (json as Record<string, unknown>)[field];
    const input = await checkedDefinition(LoyaltyRuleSettingDto, json, 'loyalty rule');
    await changeValues(io, rule, 'change', () => input.values);
    io.stdout(`${rule} saved\n`);
    return 0;
  },
  set: async ([rule, value], options: ScopeOptions, io) => {
    const [scope, scopeId] = scopeOf(options);
    await changeValues(io, rule, 'set', (values) => [
      ...values.filter((stored) => !sameScope(scope, scopeId)(stored)),
      { scope, ...(scope === 'project' ? {} : { scope_id: scopeId }), value },
    ]);
    io.stdout(`${rule} = ${value.trim()} saved for ${describeScope(scope, scopeId)}\n`);
    return 0;
  },
  unset: async ([rule], options: ScopeOptions, io) => {
    const [scope, scopeId] = scopeOf(options);
    let removed = false;
    await changeValues(io, rule, 'unset', (values) => {
      removed = values.some(sameScope(scope, scopeId));
      return values.filter((stored) => !sameScope(scope, scopeId)(stored));
    });
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
