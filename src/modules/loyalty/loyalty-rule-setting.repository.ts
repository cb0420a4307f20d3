import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource, EntityManager } from 'typeorm';
import { CommonErrorCode, CommonException, InvalidParam, InvalidReason, Page, PageRequest } from '@tessera/http';
import { DefinitionFilter, DefinitionStore } from '../audit';
import { LoyaltyRuleService } from './loyalty-rule.service';
import { LoyaltyRuleSettingDto, LoyaltyRuleSettingViewDto } from './dto/loyalty-rule-setting.dto';
import { LOYALTY_RULES, isLoyaltyRuleName } from './rules/loyalty-rules';

/** The service names the scope's id by what it is; a value here names it `scope_id`. */
const FIELD_IN_VALUE: Record<string, string> = { store_id: 'scope_id', partner_id: 'scope_id', scope: 'scope', value: 'value' };

/**
 * Loyalty rules as the operator changes them. They are settings, not rows with a state: each rule
 * always exists (with its default) and is never created nor deactivated, so the operator API lists,
 * shows and changes them only. A rule's view is its stored values per scope; a change replaces them
 * all in one transaction, each checked by LoyaltyRuleService as `loyalty-rules set` checks it.
 */
@Injectable()
export class LoyaltyRuleSettingRepository implements DefinitionStore<LoyaltyRuleSettingDto, LoyaltyRuleSettingViewDto> {
  readonly kind = 'loyalty_rule';
  readonly resource = 'loyalty-rules';

  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly rules: LoyaltyRuleService,
  ) {}

  async list(filter: DefinitionFilter, page: PageRequest): Promise<Page<LoyaltyRuleSettingViewDto>> {
    const stored = await this.rules.list(this.dataSource.manager);
    const wanted = filter.q?.toLowerCase();
    const views = Object.keys(LOYALTY_RULES)
      .filter((rule) => !wanted || rule.includes(wanted))
      .map((rule) => this.viewOf(rule, stored));
    return { items: views.slice(page.offset, page.offset + page.limit), total: views.length };
  }

  async find(key: string, manager: EntityManager): Promise<LoyaltyRuleSettingViewDto | null> {
    if (!isLoyaltyRuleName(key)) return null;
    return this.viewOf(key, await this.rules.list(manager));
  }

  idOf(view: LoyaltyRuleSettingViewDto): string {
    return view.rule;
  }

  insert(): Promise<string> {
    return Promise.reject(new Error('Loyalty rules always exist: they are changed, never created'));
  }

  async update(rule: string, input: LoyaltyRuleSettingDto, manager: EntityManager): Promise<void> {
    await manager.query(`DELETE FROM loyalty_rules WHERE rule = $1`, [rule]);
    const seen = new Set<string>();
    for (const [index, entry] of input.values.entries()) {
      const scopeId = entry.scope === 'project' ? '' : await this.scopeIdOf(entry.scope, entry.scope_id ?? '', manager);
      if (entry.scope !== 'project' && scopeId === '')
        throw CommonException.invalid(
          `values.${index}.scope_id`,
          InvalidReason.Required,
          `A ${entry.scope} value names its ${entry.scope}`,
        );
      const key = `${entry.scope}:${scopeId}`;
      if (seen.has(key))
        throw CommonException.invalid(`values.${index}.scope_id`, InvalidReason.AlreadyExists, 'One value per scope', entry.scope_id);
      seen.add(key);
      try {
        await this.rules.set(rule, entry.scope, scopeId, entry.value, manager);
      } catch (error) {
        throw renamed(error, index);
      }
    }
  }

  setState(): Promise<void> {
    return Promise.reject(new Error('Loyalty rules have no state: remove their values to fall back to the defaults'));
  }

  private viewOf(rule: string, stored: Awaited<ReturnType<LoyaltyRuleService['list']>>): LoyaltyRuleSettingViewDto {
    const definition = LOYALTY_RULES[rule as keyof typeof LOYALTY_RULES];
    return {
      rule,
      default: definition.default,
      scopes: [...definition.scopes],
      help: definition.help,
      values: stored
        .filter((value) => value.rule === rule)
        .map((value) => ({ scope: value.scope, ...(value.scope === 'project' ? {} : { scope_id: value.scopeId }), value: value.value })),
    };
  }

  /** A store may be named by its code; what is stored is its id. */
  private async scopeIdOf(scope: 'partner' | 'store', key: string, manager: EntityManager): Promise<string> {
    if (scope === 'partner' || key === '') return key;
    const [store] = await manager.query<{ store_id: string }[]>(
      `SELECT store_id FROM stores WHERE store_id = $1 OR store_code = $1 ORDER BY store_id = $1 DESC LIMIT 1`,
      [key],
    );
    return store?.store_id ?? key;
  }
}

/** The service's refusal, its fields named under the value at `index`. */
function renamed(error: unknown, index: number): unknown {
  if (!(error instanceof CommonException) || error.code !== CommonErrorCode.InvalidParams) return error;
  const params = (error.details.data?.params as InvalidParam[] | undefined) ?? [];
  return CommonException.invalidParams(
    params.map((param) => ({ ...param, name: `values.${index}.${FIELD_IN_VALUE[param.name] ?? param.name}` })),
  );
}
