import { DataSource, EntityManager } from 'typeorm';
import { likePattern, queryRowPage } from '@tessera/core';
import { Page, PageRequest } from '@tessera/http';
import { DefinitionFilter, DefinitionState, DefinitionStore } from '../audit';
import { PropertyCatalogueDefinitionDto, PropertyCatalogueDefinitionViewDto } from './dto/property-catalogue-definition.dto';
import { PROPERTY_STATE, PropertyCatalogue, PropertyDefinition, PropertyItemRow } from './property-catalogue';

interface PropertyRow {
  property_id: string;
  name: string;
  description: string | null;
  data_type: string;
  is_required: boolean;
  is_unique: boolean;
  state: number;
  last_change: Date;
  items: PropertyItemRow[];
}

/** Deactivated items stay for the values that name them, but are no longer part of the definition. */
const toView = (row: PropertyRow): PropertyCatalogueDefinitionViewDto => ({
  property_id: row.property_id,
  name: row.name,
  ...(row.description === null ? {} : { description: row.description }),
  data_type: row.data_type,
  is_required: row.is_required,
  is_unique: row.is_unique,
  items: row.items
    .filter((item) => item.state === PROPERTY_STATE.Active)
    .map((item) => ({
      id: item.id,
      name: item.name,
      ...(item.resource_record_id === null ? {} : { resource_record_id: item.resource_record_id }),
    })),
  state: row.state,
  last_change: new Date(row.last_change).toISOString(),
});

const toDefinition = (input: PropertyCatalogueDefinitionDto): PropertyDefinition => ({
  propertyId: input.property_id,
  name: input.name,
  description: input.description,
  dataType: input.data_type,
  isRequired: input.is_required ?? false,
  isUnique: input.is_unique ?? false,
  items: (input.items ?? []).map((item) => ({ id: item.id, name: item.name, resourceRecordId: item.resource_record_id })),
});

/**
 * The properties of one shared catalogue as the operator defines them, found by their readable id:
 * each context's repository is this one over its catalogue, and the writes are the catalogue's, so a
 * definition is checked the same way whichever catalogue holds it.
 */
export abstract class PropertyCatalogueDefinitionRepository implements DefinitionStore<
  PropertyCatalogueDefinitionDto,
  PropertyCatalogueDefinitionViewDto
> {
  readonly resource: string;
  private readonly columns: string;
  private readonly from: string;
  /** The catalogue's share of a table that several catalogues hold, if it is such a table. */
  private readonly scoped: string[];

  protected constructor(
    private readonly dataSource: DataSource,
    private readonly catalogue: PropertyCatalogue,
    /** Names the audit trail's target type (`partner_property`). */
    readonly kind: string,
  ) {
    const { resource, properties, items, scope } = catalogue.tables;
    this.resource = resource;
    // Table and column names are the catalogue's constants, never input.
    this.scoped = scope ? [`p.${scope.column} = '${scope.value}'`] : [];
    const itemsScoped = scope ? ` AND i.${scope.column} = p.${scope.column}` : '';
    this.columns = `
      p.property_id, p.name, p.description, p.data_type, p.is_required, p.is_unique, p.state, p.last_change,
             coalesce((SELECT json_agg(json_build_object('id', i.id, 'name', i.name, 'resource_record_id', i.resource_record_id, 'state', i.state)
                                       ORDER BY i.id)
                         FROM ${items} i WHERE i.property_id = p.property_id${itemsScoped}), '[]') AS items`;
    this.from = `${properties} p`;
  }

  async list(filter: DefinitionFilter, page: PageRequest): Promise<Page<PropertyCatalogueDefinitionViewDto>> {
    const found = await queryRowPage<PropertyRow>(
      this.dataSource,
      {
        columns: this.columns,
        from: this.from,
        conditions: [
          '($1::text IS NULL OR p.property_id ILIKE $1 OR p.name ILIKE $1)',
          '($2::smallint IS NULL OR p.state = $2)',
          ...this.scoped,
        ],
        params: [filter.q ? likePattern(filter.q) : null, filter.state ?? null],
        orderBy: [],
        id: 'property_id',
      },
      page,
    );
    return { items: found.items.map(toView), total: found.total };
  }

  async find(key: string, manager: EntityManager): Promise<PropertyCatalogueDefinitionViewDto | null> {
    const [row] = await manager.query<PropertyRow[]>(
      `SELECT ${this.columns} FROM ${this.from} WHERE ${['p.property_id = $1', ...this.scoped].join(' AND ')}`,
      [key],
    );
    return row ? toView(row) : null;
  }

  idOf(view: PropertyCatalogueDefinitionViewDto): string {
    return view.property_id;
  }

  async insert(input: PropertyCatalogueDefinitionDto, manager: EntityManager): Promise<string> {
    await this.catalogue.insertIn(toDefinition(input), manager);
    return input.property_id;
  }

  update(id: string, input: PropertyCatalogueDefinitionDto, manager: EntityManager): Promise<void> {
    return this.catalogue.updateIn(id, toDefinition(input), manager);
  }

  setState(id: string, state: DefinitionState, manager: EntityManager): Promise<void> {
    return this.catalogue.setStateIn(id, state, manager);
  }
}
