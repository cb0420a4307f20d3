import { Injectable } from '@nestjs/common';
import { InjectDataSource, InjectRepository } from '@nestjs/typeorm';
import { DataSource, EntityManager, In, Not, Repository } from 'typeorm';
import { newId, within } from '@tessera/core';
import { CommonException, ErrorProcessing, invalidParam, InvalidParam, InvalidReason, Page, RecordFailure } from '@tessera/http';
import { PropertyValue, validatePropertyValue } from '../reference-data';
import { CustomerDefinitionService } from './customer-definition.service';
import { CustomerAccountService } from './customer-account.service';
import { CustomerRecordChange, writeWithCustomerUpdated } from './customer-changes';
import { CustomerPropertyEntity, CustomerPropertyRecordEntity } from './entities/customer-property.entity';

export interface PropertyRecordInput {
  property_id: string;
  property_value?: unknown;
}

/** A property record checked against its definition, ready to store. */
interface CheckedRecord {
  propertyId: string;
  value: PropertyValue;
}

const PROPERTY_RECORD = { record_type: 'property_record' } as const;
const PROPERTY_BATCH: CustomerRecordChange = { ...PROPERTY_RECORD, record_id: null, change: 'set' };

/** Custom property values of customers, checked against the customer property definitions. */
@Injectable()
export class CustomerPropertyRecordService {
  constructor(
    @InjectRepository(CustomerPropertyRecordEntity) private readonly records: Repository<CustomerPropertyRecordEntity>,
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly definitions: CustomerDefinitionService,
    private readonly accounts: CustomerAccountService,
  ) {}

  async list(customerId: string): Promise<Page<CustomerPropertyRecordEntity>> {
    await this.accounts.requireCustomer(customerId, { inPath: true });
    const [items, total] = await this.records.findAndCount({
      where: { customerId },
      relations: { property: { items: true } },
      order: { propertyId: 'ASC', id: 'ASC' },
    });
    return { items, total };
  }

  async add(customerId: string, input: PropertyRecordInput): Promise<string> {
    await this.accounts.requireCustomer(customerId, { inPath: true });
    const checked = await this.check([input], customerId, () => 'property_record');
    if (await this.records.exists({ where: { customerId, propertyId: input.property_id } })) {
      throw CommonException.invalid(
        'property_record.property_id',
        InvalidReason.RelationAlreadyExists,
        'The customer has a value of this property; change it instead',
        input.property_id,
      );
    }
    const id = newId();
    await writeWithCustomerUpdated(this.dataSource, customerId, { ...PROPERTY_RECORD, record_id: id, change: 'added' }, (manager) =>
      manager.insert(CustomerPropertyRecordEntity, { id, customerId, propertyId: checked[0].propertyId, propertyValue: checked[0].value }),
    );
    return id;
  }

  async replace(customerId: string, recordId: string, input: PropertyRecordInput): Promise<void> {
    await this.requireRecord(customerId, recordId);
    const [checked] = await this.check([input], customerId, () => 'property_record');
    const clash = await this.records.exists({ where: { customerId, propertyId: checked.propertyId, id: Not(recordId) } });
    if (clash) {
      throw CommonException.invalid(
        'property_record.property_id',
        InvalidReason.RelationAlreadyExists,
        'Another record of the customer has this property',
        input.property_id,
      );
    }
    await writeWithCustomerUpdated(
      this.dataSource,
      customerId,
      { ...PROPERTY_RECORD, record_id: recordId, change: 'replaced' },
      (manager) =>
        manager.update(
          CustomerPropertyRecordEntity,
          { id: recordId },
          { propertyId: checked.propertyId, propertyValue: checked.value, lastChange: new Date() },
        ),
    );
  }

  async delete(customerId: string, recordId: string): Promise<void> {
    await this.requireRecord(customerId, recordId);
    await writeWithCustomerUpdated(this.dataSource, customerId, { ...PROPERTY_RECORD, record_id: recordId, change: 'deleted' }, (manager) =>
      manager.delete(CustomerPropertyRecordEntity, { id: recordId }),
    );
  }

  /** Creates or updates (by property) each record; see decision 22 for the two error modes. */
  async batch(customerId: string, inputs: PropertyRecordInput[], mode: ErrorProcessing): Promise<RecordFailure[]> {
    await this.accounts.requireCustomer(customerId, { inPath: true });
    if (mode === ErrorProcessing.AllOrNothing) {
      const checked = await this.check(inputs, customerId, (index) => `property_records[${index}]`);
      await this.writeBatch(customerId, checked);
      return [];
    }
    const failures: RecordFailure[] = [];
    const valid: CheckedRecord[] = [];
    for (const [index, input] of inputs.entries()) {
      try {
        valid.push(...(await this.check([input], customerId, () => `property_records[${index}]`)));
      } catch (error) {
        if (!(error instanceof CommonException)) throw error;
        failures.push({ index, invalid_params: (error.details.data?.params as InvalidParam[]) ?? [] });
      }
    }
    await this.writeBatch(customerId, valid);
    return failures;
  }

  /** A batch's records and its one `customer_updated`; an empty batch changes nothing and writes no event. */
  private async writeBatch(customerId: string, records: CheckedRecord[]): Promise<void> {
    if (records.length === 0) return;
    await writeWithCustomerUpdated(this.dataSource, customerId, PROPERTY_BATCH, (manager) => this.upsert(customerId, records, manager));
  }

  /**
   * Checks records for a customer (null while the customer is being created): the property exists and
   * is active, the value suits its data type, a unique property's value is nobody else's, and no
   * property repeats. `field(index)` names the record in errors.
   */
  async check(inputs: PropertyRecordInput[], customerId: string | null, field: (index: number) => string): Promise<CheckedRecord[]> {
    const properties = new Map(
      (await this.definitions.findProperties([...new Set(inputs.map((input) => input.property_id))])).map((p) => [p.id, p]),
    );
    const seen = new Set<string>();
    const checked: CheckedRecord[] = [];
    for (const [index, input] of inputs.entries()) {
      const name = field(index);
      const property = properties.get(input.property_id);
      if (!property || property.state !== 1) {
        throw CommonException.invalid(`${name}.property_id`, InvalidReason.NotFound, 'No customer property has this id', input.property_id);
      }
      if (seen.has(property.id)) {
        throw CommonException.invalid(
          `${name}.property_id`,
          InvalidReason.RelationAlreadyExists,
          'The property is listed twice',
          input.property_id,
        );
      }
      seen.add(property.id);
      const value = this.checkValue(property, input.property_value, `${name}.property_value`);
      if (property.isUnique) await this.assertUnique(property.id, value, customerId, `${name}.property_value`);
      checked.push({ propertyId: property.id, value });
    }
    return checked;
  }

  /** The records a new customer starts with; every required property must have a value. */
  async checkForNewCustomer(inputs: PropertyRecordInput[]): Promise<CheckedRecord[]> {
    const checked = await this.check(inputs, null, (index) => `property_records[${index}]`);
    const given = new Set(checked.map((record) => record.propertyId));
    const missing = (await this.definitions.requiredProperties()).filter((property) => !given.has(property.id));
    if (missing.length > 0) {
      throw CommonException.invalidParams(
        missing.map((property) =>
          invalidParam(
            'property_records',
            InvalidReason.Required,
            `A value of the required property ${property.id} is missing`,
            property.id,
          ),
        ),
      );
    }
    return checked;
  }

  /** Inserts new records and updates existing ones, matching by property. */
  async upsert(customerId: string, records: CheckedRecord[], manager?: EntityManager): Promise<void> {
    if (records.length === 0) return;
    await within(this.records, manager).query(
      `INSERT INTO customer_property_records (property_record_id, customer_id, property_id, property_value)
       SELECT id, $1, property_id, value FROM unnest($2::text[], $3::text[], $4::jsonb[]) AS r(id, property_id, value)
       ON CONFLICT (customer_id, property_id) DO UPDATE SET property_value = EXCLUDED.property_value, last_change = now()`,
      [customerId, records.map(() => newId()), records.map((r) => r.propertyId), records.map((r) => JSON.stringify(r.value))],
    );
  }

  /** Makes these the customer's only records (PUT of the whole customer). */
  async replaceAll(customerId: string, records: CheckedRecord[], manager: EntityManager): Promise<void> {
    const keep = records.map((record) => record.propertyId);
    await manager.delete(CustomerPropertyRecordEntity, keep.length > 0 ? { customerId, propertyId: Not(In(keep)) } : { customerId });
    await this.upsert(customerId, records, manager);
  }

  private checkValue(property: CustomerPropertyEntity, raw: unknown, name: string): PropertyValue {
    if (raw === undefined || raw === null) throw CommonException.invalid(name, InvalidReason.Required, 'A property value is required');
    const itemIds = property.items.filter((item) => item.state === 1).map((item) => item.id);
    const result = validatePropertyValue(property.dataType, raw, itemIds);
    if (!result.ok) throw CommonException.invalid(name, InvalidReason.InvalidValueFormat, result.message, raw);
    return result.value;
  }

  private async assertUnique(propertyId: string, value: PropertyValue, customerId: string | null, name: string): Promise<void> {
    const query = this.records
      .createQueryBuilder('r')
      .where('r.property_id = :propertyId AND r.property_value = :value::jsonb', { propertyId, value: JSON.stringify(value) });
    if (customerId) query.andWhere('r.customer_id <> :customerId', { customerId });
    if (await query.getExists()) throw CommonException.invalid(name, InvalidReason.AlreadyExists, 'Another customer has this value', value);
  }

  private async requireRecord(customerId: string, recordId: string): Promise<CustomerPropertyRecordEntity> {
    await this.accounts.requireCustomer(customerId, { inPath: true });
    const record = await this.records.findOne({ where: { id: recordId, customerId } });
    if (!record) throw CommonException.recordNotFound('property-records', recordId);
    return record;
  }
}
