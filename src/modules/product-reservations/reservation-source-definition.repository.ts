import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource, EntityManager } from 'typeorm';
import { likePattern, newId, queryRowPage } from '@tessera/core';
import { CommonException, InvalidReason, Page, PageRequest } from '@tessera/http';
import { DefinitionFilter, DefinitionState, DefinitionStore } from '../audit';
import { ReservationSourceDefinitionDto, ReservationSourceDefinitionViewDto } from './dto/reservation-source-definition.dto';

interface SourceRow {
  product_reservation_source_id: string;
  text_id: string;
  names: Record<string, string>;
  state: number;
  last_change: Date;
}

const toView = (row: SourceRow): ReservationSourceDefinitionViewDto => ({
  product_reservation_source_id: row.product_reservation_source_id,
  text_id: row.text_id,
  names: row.names,
  state: row.state,
  last_change: new Date(row.last_change).toISOString(),
});

const COLUMNS = `product_reservation_source_id, text_id, names, state, last_change`;

/** Where reservations come from, as the operator defines them: found by id or text id. */
@Injectable()
export class ReservationSourceDefinitionRepository implements DefinitionStore<
  ReservationSourceDefinitionDto,
  ReservationSourceDefinitionViewDto
> {
  readonly kind = 'reservation_source';
  readonly resource = 'product-reservation-sources';

  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  async list(filter: DefinitionFilter, page: PageRequest): Promise<Page<ReservationSourceDefinitionViewDto>> {
    const found = await queryRowPage<SourceRow>(
      this.dataSource,
      {
        columns: COLUMNS,
        from: 'product_reservation_sources s',
        conditions: [
          '($1::text IS NULL OR s.text_id ILIKE $1 OR EXISTS (SELECT 1 FROM jsonb_each_text(s.names) n WHERE n.value ILIKE $1))',
          '($2::smallint IS NULL OR s.state = $2)',
        ],
        params: [filter.q ? likePattern(filter.q) : null, filter.state ?? null],
        orderBy: ['text_id'],
        id: 'product_reservation_source_id',
      },
      page,
    );
    return { items: found.items.map(toView), total: found.total };
  }

  async find(key: string, manager: EntityManager): Promise<ReservationSourceDefinitionViewDto | null> {
    const [row] = await manager.query<SourceRow[]>(
      `SELECT ${COLUMNS} FROM product_reservation_sources
        WHERE product_reservation_source_id = $1 OR text_id = $1 ORDER BY product_reservation_source_id = $1 DESC LIMIT 1`,
      [key],
    );
    return row ? toView(row) : null;
  }

  idOf(view: ReservationSourceDefinitionViewDto): string {
    return view.product_reservation_source_id;
  }

  async insert(input: ReservationSourceDefinitionDto, manager: EntityManager): Promise<string> {
    await this.assertTextIdFree(input.text_id, null, manager);
    const id = newId();
    await manager.query(`INSERT INTO product_reservation_sources (product_reservation_source_id, text_id, names) VALUES ($1, $2, $3)`, [
      id,
      input.text_id,
      input.names,
    ]);
    return id;
  }

  async update(id: string, input: ReservationSourceDefinitionDto, manager: EntityManager): Promise<void> {
    await this.assertTextIdFree(input.text_id, id, manager);
    await manager.query(
      `UPDATE product_reservation_sources SET text_id = $2, names = $3, last_change = now() WHERE product_reservation_source_id = $1`,
      [id, input.text_id, input.names],
    );
  }

  async setState(id: string, state: DefinitionState, manager: EntityManager): Promise<void> {
    await manager.query(`UPDATE product_reservation_sources SET state = $2, last_change = now() WHERE product_reservation_source_id = $1`, [
      id,
      state,
    ]);
  }

  private async assertTextIdFree(textId: string, ownId: string | null, manager: EntityManager): Promise<void> {
    const [clash] = await manager.query<unknown[]>(
      `SELECT 1 FROM product_reservation_sources WHERE text_id = $1 AND product_reservation_source_id IS DISTINCT FROM $2`,
      [textId, ownId],
    );
    if (clash) throw CommonException.invalid('text_id', InvalidReason.AlreadyExists, 'Another reservation source has this text id', textId);
  }
}
