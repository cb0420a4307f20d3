import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource, EntityManager } from 'typeorm';
import { likePattern, queryRowPage } from '@tessera/core';
import { Page, PageRequest } from '@tessera/http';
import { DefinitionFilter, DefinitionState, DefinitionStore } from '../../audit';
import { PurchasePropertyDefinitionDto, PurchasePropertyDefinitionViewDto } from './dto/purchase-property-definition.dto';
import { PurchasePropertyDefinition, PurchasePropertyResource } from './purchase-property-definition';
import { PurchasePropertyService } from './purchase-property.service';

interface PropertyRow {
  property_id: string;
  name: string;
  data_type: string;
  is_required: boolean;
  is_unique: boolean;
  state: number;
  last_change: Date;
  items: { id: string; name: string; state: number }[];
}

const ACTIVE = 1;

const PROPERTY_COLUMNS = `
  p.property_id, p.name, p.data_type, p.is_required, p.is_unique, p.state, p.last_change,
         coalesce((SELECT json_agg(json_build_object('id', i.id, 'name', i.name, 'state', i.state) ORDER BY i.id)
                     FROM purchase_property_items i WHERE i.resource = p.resource AND i.property_id = p.property_id), '[]') AS items`;

/** Deactivated items stay for the values that name them, but are no longer part of the definition. */
const toView = (row: PropertyRow): PurchasePropertyDefinitionViewDto => ({
  property_id: row.property_id,
  name: row.name,
  data_type: row.data_type,
  is_required: row.is_required,
  is_unique: row.is_unique,
  items: row.items.filter((item) => item.state === ACTIVE).map((item) => ({ id: item.id, name: item.name })),
  state: row.state,
  last_change: new Date(row.last_change).toISOString(),
});

/** The SQL both resources share: one table keyed by resource and property id; the writes are the service's. */
abstract class PropertyDefinitionRepository implements DefinitionStore<PurchasePropertyDefinitionDto, PurchasePropertyDefinitionViewDto> {
  abstract readonly kind: string;
  abstract readonly resource: string;
  protected abstract readonly of: PurchasePropertyResource;

  constructor(
    private readonly dataSource: DataSource,
    private readonly properties: PurchasePropertyService,
  ) {}

  async list(filter: DefinitionFilter, page: PageRequest): Promise<Page<PurchasePropertyDefinitionViewDto>> {
    const found = await queryRowPage<PropertyRow>(
      this.dataSource,
      {
        columns: PROPERTY_COLUMNS,
        from: 'purchase_properties p',
        conditions: [
          'p.resource = $1',
          '($2::text IS NULL OR p.property_id ILIKE $2 OR p.name ILIKE $2)',
          '($3::smallint IS NULL OR p.state = $3)',
        ],
        params: [this.of, filter.q ? likePattern(filter.q) : null, filter.state ?? null],
        orderBy: [],
        id: 'property_id',
      },
      page,
    );
    return { items: found.items.map(toView), total: found.total };
  }

  async find(key: string, manager: EntityManager): Promise<PurchasePropertyDefinitionViewDto | null> {
    const [row] = await manager.query<PropertyRow[]>(
      `SELECT ${PROPERTY_COLUMNS} FROM purchase_properties p WHERE p.resource = $1 AND p.property_id = $2`,
      [this.of, key],
    );
    return row ? toView(row) : null;
  }

  idOf(view: PurchasePropertyDefinitionViewDto): string {
    return view.property_id;
  }

  async insert(input: PurchasePropertyDefinitionDto, manager: EntityManager): Promise<string> {
    await this.properties.insertIn(this.definition(input), manager);
    return input.property_id;
  }

  update(id: string, input: PurchasePropertyDefinitionDto, manager: EntityManager): Promise<void> {
    return this.properties.updateIn(id, this.definition(input), manager);
  }

  setState(id: string, state: DefinitionState, manager: EntityManager): Promise<void> {
    return this.properties.setStateIn(this.of, id, state, manager);
  }

  private definition(input: PurchasePropertyDefinitionDto): PurchasePropertyDefinition {
    return {
      resource: this.of,
      propertyId: input.property_id,
      name: input.name,
      dataType: input.data_type,
      isRequired: input.is_required ?? false,
      isUnique: input.is_unique ?? false,
      items: (input.items ?? []).map((item) => ({ id: item.id, name: item.name })),
    };
  }
}

/** Properties of purchases as the operator defines them: found by their readable id. */
@Injectable()
export class PurchasePropertyDefinitionRepository extends PropertyDefinitionRepository {
  readonly kind = 'purchase_property';
  readonly resource = 'purchase-properties';
  protected readonly of = 'purchase';

  constructor(@InjectDataSource() dataSource: DataSource, properties: PurchasePropertyService) {
    super(dataSource, properties);
  }
}

/** Properties of purchase items (bill lines) as the operator defines them: found by their readable id. */
@Injectable()
export class PurchaseItemPropertyDefinitionRepository extends PropertyDefinitionRepository {
  readonly kind = 'purchase_item_property';
  readonly resource = 'purchase-item-properties';
  protected readonly of = 'purchase_item';

  constructor(@InjectDataSource() dataSource: DataSource, properties: PurchasePropertyService) {
    super(dataSource, properties);
  }
}
