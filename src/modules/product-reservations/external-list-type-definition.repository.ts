import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource, EntityManager } from 'typeorm';
import { likePattern, newId, queryRowPage } from '@tessera/core';
import { CommonException, InvalidReason, Page, PageRequest } from '@tessera/http';
import { DefinitionFilter, DefinitionState, DefinitionStore } from '../audit';
import { ExternalListTypeDefinitionDto, ExternalListTypeDefinitionViewDto } from './dto/external-list-type-definition.dto';

interface ListTypeRow {
  product_reservation_external_list_type_id: string;
  text_id: string;
  name: string;
  state: number;
  last_change: Date;
}

const toView = (row: ListTypeRow): ExternalListTypeDefinitionViewDto => ({
  product_reservation_external_list_type_id: row.product_reservation_external_list_type_id,
  text_id: row.text_id,
  name: row.name,
  state: row.state,
  last_change: new Date(row.last_change).toISOString(),
});

const COLUMNS = `product_reservation_external_list_type_id, text_id, name, state, last_change`;

/** The kinds of external reservation codes as the operator defines them: found by id or text id. */
@Injectable()
export class ExternalListTypeDefinitionRepository implements DefinitionStore<
  ExternalListTypeDefinitionDto,
  ExternalListTypeDefinitionViewDto
> {
  readonly kind = 'reservation_list_type';
  readonly resource = 'product-reservation-external-list-types';

  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  async list(filter: DefinitionFilter, page: PageRequest): Promise<Page<ExternalListTypeDefinitionViewDto>> {
    const found = await queryRowPage<ListTypeRow>(
      this.dataSource,
      {
        columns: COLUMNS,
        from: 'product_reservation_external_list_types',
        conditions: ['($1::text IS NULL OR text_id ILIKE $1 OR name ILIKE $1)', '($2::smallint IS NULL OR state = $2)'],
        params: [filter.q ? likePattern(filter.q) : null, filter.state ?? null],
        orderBy: ['text_id'],
        id: 'product_reservation_external_list_type_id',
      },
      page,
    );
    return { items: found.items.map(toView), total: found.total };
  }

  async find(key: string, manager: EntityManager): Promise<ExternalListTypeDefinitionViewDto | null> {
    const [row] = await manager.query<ListTypeRow[]>(
      `SELECT ${COLUMNS} FROM product_reservation_external_list_types
        WHERE product_reservation_external_list_type_id = $1 OR text_id = $1 ORDER BY product_reservation_external_list_type_id = $1 DESC LIMIT 1`,
      [key],
    );
    return row ? toView(row) : null;
  }

  idOf(view: ExternalListTypeDefinitionViewDto): string {
    return view.product_reservation_external_list_type_id;
  }

  async insert(input: ExternalListTypeDefinitionDto, manager: EntityManager): Promise<string> {
    await this.assertTextIdFree(input.text_id, null, manager);
    const id = newId();
    await manager.query(
      `INSERT INTO product_reservation_external_list_types (product_reservation_external_list_type_id, text_id, name) VALUES ($1, $2, $3)`,
      [id, input.text_id, input.name],
    );
    return id;
  }

  async update(id: string, input: ExternalListTypeDefinitionDto, manager: EntityManager): Promise<void> {
    await this.assertTextIdFree(input.text_id, id, manager);
    await manager.query(
      `UPDATE product_reservation_external_list_types SET text_id = $2, name = $3, last_change = now()
        WHERE product_reservation_external_list_type_id = $1`,
      [id, input.text_id, input.name],
    );
  }

  async setState(id: string, state: DefinitionState, manager: EntityManager): Promise<void> {
    await manager.query(
      `UPDATE product_reservation_external_list_types SET state = $2, last_change = now() WHERE product_reservation_external_list_type_id = $1`,
      [id, state],
    );
  }

  private async assertTextIdFree(textId: string, ownId: string | null, manager: EntityManager): Promise<void> {
    const [clash] = await manager.query<unknown[]>(
      `SELECT 1 FROM product_reservation_external_list_types WHERE text_id = $1 AND product_reservation_external_list_type_id IS DISTINCT FROM $2`,
      [textId, ownId],
    );
    if (clash) throw CommonException.invalid('text_id', InvalidReason.AlreadyExists, 'Another external list type has this text id', textId);
  }
}
