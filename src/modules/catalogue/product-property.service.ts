import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import { InvalidParam, InvalidReason, invalidParam } from '@tessera/http';
import { ChangeFeed } from '../../platform/change-feed';
import { PropertyCatalogue, PropertyRow, validatePropertyValue } from '../reference-data';
import { ProductPropertyRecord } from './entities/product.entity';

const REMOVED = 0;
const ACTIVE = 1;

/** Property values of one product record as a batch sends them. */
export interface ProductPropertyInput {
  property_id: string;
  property_value?: unknown;
}

/**
 * The custom fields products can carry (`additional_properties`). The operator defines them with the
 * admin CLI; a product batch may only send values of defined, not removed properties, each of its data
 * type. Values are not checked for uniqueness, so no product property can be unique.
 */
@Injectable()
export class ProductPropertyService extends PropertyCatalogue {
  constructor(@InjectDataSource() dataSource: DataSource, changes: ChangeFeed) {
    super(changes, dataSource, {
      resource: 'product-properties',
      properties: 'product_properties',
      items: 'product_property_items',
      valuesOf: `SELECT 1 FROM products WHERE property_records @> jsonb_build_array(jsonb_build_object('property_id', $1::text)) LIMIT 1`,
      uniqueAllowed: false,
    });
  }

  /**
   * A check of one product record's property values against the definitions as they are now, named
   * under `prefix` (`products.3`). It answers the values normalised for storage (a property sent twice:
   * the later value wins). A product the record creates must carry a value of every required property.
   */
  async checker(): Promise<(records: ProductPropertyInput[], creates: boolean, prefix: string) => CheckedProductProperties> {
    const definitions = await this.all();
    return (records, creates, prefix) => checkProperties(definitions, records, creates, prefix);
  }
}

export interface CheckedProductProperties {
  problems: InvalidParam[];
  records: ProductPropertyRecord[];
}

function checkProperties(
  definitions: ReadonlyMap<string, PropertyRow>,
  records: ProductPropertyInput[],
  creates: boolean,
  prefix: string,
): CheckedProductProperties {
  const problems: InvalidParam[] = [];
  const checked = new Map<string, ProductPropertyRecord>();
  /** Properties given a value, valid or not: a wrong value is reported as such, not also as missing. */
  const valued = new Set<string>();
  for (const [index, record] of records.entries()) {
    const name = `${prefix}.property_records.${index}`;
    const definition = definitions.get(record.property_id);
    if (!definition || definition.state === REMOVED) {
      problems.push(invalidParam(`${name}.property_id`, InvalidReason.NotFound, 'No product property has this id', record.property_id));
      continue;
    }
    if (record.property_value === undefined || record.property_value === null) {
      checked.set(record.property_id, { property_id: record.property_id, property_value: null });
      continue;
    }
    valued.add(record.property_id);
    const itemIds = definition.items.filter((item) => item.state === ACTIVE).map((item) => item.id);
    const result = validatePropertyValue(definition.data_type, record.property_value, itemIds);
    if (!result.ok) {
      problems.push(invalidParam(`${name}.property_value`, InvalidReason.InvalidValueFormat, result.message, record.property_value));
      continue;
    }
    checked.set(record.property_id, { property_id: record.property_id, property_value: result.value });
  }
  if (creates) {
    for (const definition of definitions.values()) {
      if (definition.state !== REMOVED && definition.is_required && !valued.has(definition.property_id)) {
        problems.push(
          invalidParam(
            `${prefix}.property_records`,
            InvalidReason.Required,
            `A new product needs a value of ${definition.property_id}`,
            definition.property_id,
          ),
        );
      }
    }
  }
  return { problems, records: [...checked.values()] };
}
