import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource, EntityManager } from 'typeorm';
import { likePattern, newId, queryRowPage } from '@tessera/core';
import { CommonException, InvalidReason, Page, PageRequest } from '@tessera/http';
import { DefinitionFilter, DefinitionState, DefinitionStore } from '../audit';
import { StatusQualification } from '../reference-data';
import { StatusDefinitionDto, StatusDefinitionViewDto } from './dto/status-definition.dto';

const BY_CONDITIONS: number = StatusQualification.Conditions;

interface StatusRow {
  status_id: string;
  text_id: string;
  name: string;
  description: string;
  tier: number;
  qualification_type: 0 | 1 | 2;
  qualification_period: number | null;
  qualification_points: number | null;
  qualification_purchases: number | null;
  downgrade_grace_days: number;
  qualification_turnovers: { currency_id: string; value: number; currency_code: string }[];
  validity_period: string;
  collection_points: boolean;
  payment_points: boolean;
  discount: number;
  overall_discount_on_discounted_purchase_items: boolean;
  state: number;
  last_change: Date;
}

const STATUS_COLUMNS = `
  s.status_id, s.text_id, s.name, s.description, s.tier, s.qualification_type, s.qualification_period,
  s.qualification_points::float8 AS qualification_points, s.qualification_purchases, s.downgrade_grace_days, s.validity_period, s.collection_points, s.payment_points,
  s.discount, s.overall_discount_on_discounted_purchase_items, s.state, s.last_change,
  (SELECT coalesce(json_agg(json_build_object('currency_id', t.currency_id, 'value', t.value::float8, 'currency_code', c.code) ORDER BY c.code), '[]')
     FROM status_qualification_turnovers t JOIN currencies c USING (currency_id) WHERE t.status_id = s.status_id) AS qualification_turnovers`;

const toView = ({ last_change, ...row }: StatusRow): StatusDefinitionViewDto => ({
  ...row,
  last_change: new Date(last_change).toISOString(),
});

/**
 * Status tiers as the operator defines them, found by id or text id, with their qualification. The
 * chain of previous and next statuses the contract shows follows the tiers of the active statuses
 * and is relinked after every write; a deactivated status leaves it, and evaluation no longer gives
 * it, while customers holding it keep their record.
 */
@Injectable()
export class StatusDefinitionRepository implements DefinitionStore<StatusDefinitionDto, StatusDefinitionViewDto> {
  readonly kind = 'status';
  readonly resource = 'statuses';

  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  async list(filter: DefinitionFilter, page: PageRequest): Promise<Page<StatusDefinitionViewDto>> {
    const found = await queryRowPage<StatusRow>(
      this.dataSource,
      {
        columns: STATUS_COLUMNS,
        from: 'statuses s',
        conditions: ['($1::text IS NULL OR s.text_id ILIKE $1 OR s.name ILIKE $1)', '($2::smallint IS NULL OR s.state = $2)'],
        params: [filter.q ? likePattern(filter.q) : null, filter.state ?? null],
        orderBy: ['tier', 'text_id'],
        id: 'status_id',
      },
      page,
    );
    return { items: found.items.map(toView), total: found.total };
  }

  async find(key: string, manager: EntityManager): Promise<StatusDefinitionViewDto | null> {
    const [row] = await manager.query<StatusRow[]>(
      `SELECT ${STATUS_COLUMNS} FROM statuses s WHERE s.status_id = $1 OR s.text_id = $1 ORDER BY s.status_id = $1 DESC LIMIT 1`,
      [key],
    );
    return row ? toView(row) : null;
  }

  idOf(view: StatusDefinitionViewDto): string {
    return view.status_id;
  }

  async insert(input: StatusDefinitionDto, manager: EntityManager): Promise<string> {
    const id = newId();
    const turnovers = await this.checked(input, null, manager);
    await manager.query(
      `INSERT INTO statuses (status_id, text_id, name, description, tier, qualification_type, qualification_period, qualification_points,
         validity_period, collection_points, payment_points, discount, overall_discount_on_discounted_purchase_items,
         qualification_purchases, downgrade_grace_days)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15)`,
      [id, ...this.columns(input)],
    );
    await this.writeTurnovers(id, turnovers, manager);
    await this.relinkChain(manager);
    return id;
  }

  async update(id: string, input: StatusDefinitionDto, manager: EntityManager): Promise<void> {
    const turnovers = await this.checked(input, id, manager);
    await manager.query(
      `UPDATE statuses SET text_id = $2, name = $3, description = $4, tier = $5, qualification_type = $6, qualification_period = $7,
         qualification_points = $8, validity_period = $9, collection_points = $10, payment_points = $11, discount = $12,
         overall_discount_on_discounted_purchase_items = $13, qualification_purchases = $14, downgrade_grace_days = $15, last_change = now()
       WHERE status_id = $1`,
      [id, ...this.columns(input)],
    );
    await manager.query(`DELETE FROM status_qualification_turnovers WHERE status_id = $1`, [id]);
    await this.writeTurnovers(id, turnovers, manager);
    await this.relinkChain(manager);
  }

  async setState(id: string, state: DefinitionState, manager: EntityManager): Promise<void> {
    await manager.query(`UPDATE statuses SET state = $2, last_change = now() WHERE status_id = $1`, [id, state]);
    await this.relinkChain(manager);
  }

  private columns(input: StatusDefinitionDto): unknown[] {
    return [
      input.text_id,
      input.name,
      input.description ?? '',
      input.tier,
      input.qualification_type,
      input.qualification_period ?? null,
      input.qualification_points ?? null,
      input.validity_period,
      input.collection_points ?? true,
      input.payment_points ?? true,
      input.discount ?? 0,
      input.overall_discount_on_discounted_purchase_items ?? false,
      input.qualification_purchases ?? null,
      input.downgrade_grace_days ?? 0,
    ];
  }

  /** Checks what the shape alone cannot; answers the turnover thresholds with their currencies as ids. */
  private async checked(input: StatusDefinitionDto, ownId: string | null, manager: EntityManager): Promise<[string, number][]> {
    const [clash] = await manager.query<{ text_id: string; tier: number }[]>(
      `SELECT text_id, tier FROM statuses WHERE (text_id = $1 OR tier = $2) AND status_id IS DISTINCT FROM $3 ORDER BY text_id = $1 DESC`,
      [input.text_id, input.tier, ownId],
    );
    if (clash?.text_id === input.text_id)
      throw CommonException.invalid('text_id', InvalidReason.AlreadyExists, 'Another status has this text id', input.text_id);
    if (clash) throw CommonException.invalid('tier', InvalidReason.AlreadyExists, `Status ${clash.text_id} has this tier`, input.tier);

    const given = [
      (input.qualification_turnovers ?? []).length > 0 ? 'qualification_turnovers' : null,
      (input.qualification_points ?? null) !== null ? 'qualification_points' : null,
      (input.qualification_purchases ?? null) !== null ? 'qualification_purchases' : null,
    ].filter((field) => field !== null);
    if (input.qualification_type === BY_CONDITIONS && given.length === 0)
      throw CommonException.invalid(
        'qualification_type',
        InvalidReason.NotAllowedValue,
        'A status reached by conditions needs qualification_turnovers, qualification_points or qualification_purchases, or everyone would reach it',
        input.qualification_type,
      );
    if (input.qualification_type !== BY_CONDITIONS && given.length > 0)
      throw CommonException.invalid(
        given[0],
        InvalidReason.NotAllowedValue,
        'Only a status reached by conditions (qualification_type 2) has thresholds',
        input.qualification_type,
      );

    const currencies = await manager.query<{ currency_id: string; code: string }[]>(`SELECT currency_id, code FROM currencies`);
    const seen = new Set<string>();
    return (input.qualification_turnovers ?? []).map((turnover, index) => {
      const field = `qualification_turnovers.${index}.currency_id`;
      const key = turnover.currency_id;
      const currency =
        currencies.find((candidate) => candidate.currency_id === key) ??
        currencies.find((candidate) => candidate.code.toUpperCase() === key.toUpperCase());
      if (!currency) throw CommonException.invalid(field, InvalidReason.NotFound, 'No currency has this id or code', key);
      if (seen.has(currency.currency_id))
        throw CommonException.invalid(field, InvalidReason.AlreadyExists, 'One turnover per currency', key);
      seen.add(currency.currency_id);
      return [currency.currency_id, turnover.value];
    });
  }

  private async writeTurnovers(statusId: string, turnovers: [string, number][], manager: EntityManager): Promise<void> {
    if (turnovers.length === 0) return;
    await manager.query(
      `INSERT INTO status_qualification_turnovers (status_id, currency_id, value) SELECT $1, * FROM unnest($2::text[], $3::numeric[])`,
      [statusId, turnovers.map(([currencyId]) => currencyId), turnovers.map(([, value]) => value)],
    );
  }

  /** The previous and next status of each active status by tier; a deactivated one links to none. */
  private async relinkChain(manager: EntityManager): Promise<void> {
    await manager.query(
      `WITH chain AS (
         SELECT s.status_id,
                CASE WHEN s.state = 1 THEN lag(s.status_id) OVER w END AS previous_id,
                CASE WHEN s.state = 1 THEN lead(s.status_id) OVER w END AS next_id
           FROM statuses s
         WINDOW w AS (PARTITION BY s.state = 1 ORDER BY s.tier, s.status_id))
       UPDATE statuses s SET previous_status_id = chain.previous_id, next_status_id = chain.next_id
         FROM chain
        WHERE s.status_id = chain.status_id
          AND (s.previous_status_id IS DISTINCT FROM chain.previous_id OR s.next_status_id IS DISTINCT FROM chain.next_id)`,
    );
  }
}
