import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource, EntityManager } from 'typeorm';
import { likePattern, newId, queryRowPage } from '@tessera/core';
import { CommonException, InvalidReason, Page, PageRequest } from '@tessera/http';
import { DefinitionFilter, DefinitionState, DefinitionStore } from '../audit';
import { EarningRuleDefinitionDto, EarningRuleDefinitionViewDto } from './dto/earning-rule-definition.dto';
import { checkEarningRule } from './earning-rule.mapper';

interface EarningRuleRow {
  earning_rule_id: string;
  priority: number;
  code: string;
  definition: EarningRuleDefinitionDto;
  state: number;
  granted_points: string | null;
  granted_money: string | null;
  last_change: Date;
}

const toView = (row: EarningRuleRow): EarningRuleDefinitionViewDto => ({
  earning_rule_id: row.earning_rule_id,
  ...row.definition,
  state: row.state,
  granted_points: Number(row.granted_points ?? 0),
  granted_money: Number(row.granted_money ?? 0),
  last_change: new Date(row.last_change).toISOString(),
});

const COLUMNS = `r.earning_rule_id, r.priority, r.code, r.definition, r.state, b.granted_points::text AS granted_points,
                 b.granted_money::text AS granted_money, r.last_change`;
const FROM = `earning_rules r LEFT JOIN earning_rule_budgets b ON b.earning_rule_id = r.earning_rule_id`;

/**
 * Earning rules as the operator writes them, found by id or code. The definition is kept whole as the
 * JSON the operator API and `tessera earning-rule define` take, beside the columns lists sort and
 * filter on; the view adds what the rule has granted against its budgets.
 */
@Injectable()
export class EarningRuleDefinitionRepository implements DefinitionStore<EarningRuleDefinitionDto, EarningRuleDefinitionViewDto> {
  readonly kind = 'earning_rule';
  readonly resource = 'earning-rules';

  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  async list(filter: DefinitionFilter, page: PageRequest): Promise<Page<EarningRuleDefinitionViewDto>> {
    const found = await queryRowPage<EarningRuleRow>(
      this.dataSource,
      {
        columns: COLUMNS,
        from: FROM,
        conditions: ['($1::text IS NULL OR r.code ILIKE $1 OR r.name ILIKE $1)', '($2::smallint IS NULL OR r.state = $2)'],
        params: [filter.q ? likePattern(filter.q) : null, filter.state ?? null],
        orderBy: ['priority', 'code'],
        id: 'earning_rule_id',
      },
      page,
    );
    return { items: found.items.map(toView), total: found.total };
  }

  async find(key: string, manager: EntityManager): Promise<EarningRuleDefinitionViewDto | null> {
    const [row] = await manager.query<EarningRuleRow[]>(
      `SELECT ${COLUMNS} FROM ${FROM} WHERE r.earning_rule_id = $1 OR r.code = $1 ORDER BY r.earning_rule_id = $1 DESC LIMIT 1`,
      [key],
    );
    return row ? toView(row) : null;
  }

  idOf(view: EarningRuleDefinitionViewDto): string {
    return view.earning_rule_id;
  }

  async insert(input: EarningRuleDefinitionDto, manager: EntityManager): Promise<string> {
    checkEarningRule(input);
    await this.checkGrantable(input, manager);
    await this.assertCodeFree(input.code, null, manager);
    const id = newId();
    await manager.query(`INSERT INTO earning_rules (earning_rule_id, code, name, priority, definition) VALUES ($1, $2, $3, $4, $5)`, [
      id,
      input.code,
      input.name,
      input.priority,
      JSON.stringify(input),
    ]);
    await manager.query(`INSERT INTO earning_rule_budgets (earning_rule_id) VALUES ($1)`, [id]);
    return id;
  }

  async update(id: string, input: EarningRuleDefinitionDto, manager: EntityManager): Promise<void> {
    checkEarningRule(input);
    await this.checkGrantable(input, manager);
    await this.assertCodeFree(input.code, id, manager);
    await manager.query(
      `UPDATE earning_rules SET code = $2, name = $3, priority = $4, definition = $5, last_change = now() WHERE earning_rule_id = $1`,
      [id, input.code, input.name, input.priority, JSON.stringify(input)],
    );
  }

  async setState(id: string, state: DefinitionState, manager: EntityManager): Promise<void> {
    await manager.query(`UPDATE earning_rules SET state = $2, last_change = now() WHERE earning_rule_id = $1`, [id, state]);
  }

  /**
   * Refuses a credits effect whose credit type does not exist (or, naming none, when no default is set)
   * and a reward voucher effect whose reward is not an active catalogue/coupon (1) or simple (4) reward,
   * which could never be granted: one statement for all the effects.
   */
  private async checkGrantable(input: EarningRuleDefinitionDto, manager: EntityManager): Promise<void> {
    const creditTypeIds = input.effects.map((effect) => (effect.kind === 'credits' ? (effect.credit_type_id ?? '') : null));
    const rewardIds = input.effects.map((effect) => (effect.kind === 'reward_voucher' ? (effect.reward_id ?? null) : null));
    if (creditTypeIds.every((id) => id === null) && rewardIds.every((id) => id === null)) return;
    const [known] = await manager.query<{ credit_types: string[]; default_credit_type: boolean; rewards: string[] }[]>(
      `SELECT ARRAY(SELECT credit_type_id FROM credit_types WHERE credit_type_id = ANY($1::varchar[])) AS credit_types,
              EXISTS (SELECT 1 FROM credit_types WHERE is_default) AS default_credit_type,
              ARRAY(SELECT reward_id FROM rewards WHERE reward_id = ANY($2::varchar[]) AND state = 1 AND reward_group IN (1, 4)) AS rewards`,
      [creditTypeIds.filter((id) => id !== null), rewardIds.filter((id) => id !== null)],
    );
    input.effects.forEach((effect, index) => {
      const creditTypeId = creditTypeIds[index];
      if (creditTypeId === '' && !known.default_credit_type) {
        throw CommonException.invalid(`effects.${index}.credit_type_id`, InvalidReason.Required, 'No default credit type is set; name one');
      }
      if (creditTypeId !== null && creditTypeId !== '' && !known.credit_types.includes(creditTypeId)) {
        throw CommonException.invalid(
          `effects.${index}.credit_type_id`,
          InvalidReason.NotFound,
          'No credit type has this id',
          creditTypeId,
        );
      }
      const rewardId = rewardIds[index];
      if (rewardId !== null && !known.rewards.includes(rewardId)) {
        throw CommonException.invalid(
          `effects.${index}.reward_id`,
          InvalidReason.NotAllowedValue,
          'The reward must be an active catalogue/coupon (1) or simple (4) reward',
          rewardId,
        );
      }
    });
  }

  private async assertCodeFree(code: string, ownId: string | null, manager: EntityManager): Promise<void> {
    const [clash] = await manager.query<unknown[]>(`SELECT 1 FROM earning_rules WHERE code = $1 AND earning_rule_id IS DISTINCT FROM $2`, [
      code,
      ownId,
    ]);
    if (clash) throw CommonException.invalid('code', InvalidReason.AlreadyExists, 'Another earning rule has this code', code);
  }
}
