import { CommonException, InvalidParam, InvalidReason, invalidParam } from '@tessera/http';
import { PROPERTY_STATE, PropertyRow } from './property-catalogue';
import { checkPropertyRecords, collectPropertyRecords, PropertyRecordInput, PropertyRecordRules } from './property-records';

function property(id: string, overrides: Partial<PropertyRow> = {}): PropertyRow {
  return {
    property_id: id,
    name: id,
    description: null,
    data_type: 'string',
    is_required: false,
    is_unique: false,
    state: PROPERTY_STATE.Active,
    last_change: new Date(0),
    items: [],
    ...overrides,
  };
}

const PROPERTIES = new Map(
  [
    property('note'),
    property('code', { is_unique: true }),
    property('old', { state: PROPERTY_STATE.Deleted, is_required: true }),
    property('colour', {
      data_type: 'enum',
      items: [
        { id: 'red', name: 'Red', resource_record_id: null, state: PROPERTY_STATE.Active },
        { id: 'blue', name: 'Blue', resource_record_id: null, state: PROPERTY_STATE.Deleted },
      ],
    }),
    property('size', { data_type: 'integer', is_required: true }),
  ].map((row) => [row.property_id, row]),
);
const RULES: PropertyRecordRules = { properties: PROPERTIES, unknownMessage: 'No such property' };

function problems(records: PropertyRecordInput[], rules: PropertyRecordRules = RULES): InvalidParam[] {
  try {
    checkPropertyRecords(records, rules);
  } catch (error) {
    expect(error).toBeInstanceOf(CommonException);
    return (error as CommonException).details.data?.params as InvalidParam[];
  }
  throw new Error('the records were accepted');
}

describe('checkPropertyRecords', () => {
  it('answers the values as stored, unique only where the property is', () => {
    const records = [
      { property_id: 'size', property_value: '3' },
      { property_id: 'code', property_value: 'A1' },
      { property_id: 'note', property_value: null },
    ];
    expect(checkPropertyRecords(records, RULES)).toEqual([
      { propertyId: 'size', value: 3, unique: false, field: 'property_records.0.property_value' },
      { propertyId: 'code', value: 'A1', unique: true, field: 'property_records.1.property_value' },
      { propertyId: 'note', value: null, unique: false, field: 'property_records.2.property_value' },
    ]);
  });

  it('reports every problem at once, in order', () => {
    expect(
      problems([
        { property_id: 'missing', property_value: 'x' },
        { property_id: 'old', property_value: 'x' },
        { property_id: 'note', property_value: 'x' },
        { property_id: 'note', property_value: 'y' },
        { property_id: 'colour', property_value: 'blue' },
      ]),
    ).toEqual([
      expect.objectContaining({
        name: 'property_records.0.property_id',
        reason: 'not_found',
        message: 'No such property',
        value: 'missing',
      }),
      expect.objectContaining({ name: 'property_records.1.property_id', reason: 'deleted', value: 'old' }),
      expect.objectContaining({ name: 'property_records.3.property_id', reason: 'not_allowed_value', value: 'note' }),
      expect.objectContaining({ name: 'property_records.4.property_value', reason: 'invalid_value_format', value: 'blue' }),
      expect.objectContaining({ name: 'property_records', reason: 'required', value: 'size' }),
    ]);
  });

  it('refuses a null value of a required property', () => {
    expect(problems([{ property_id: 'size', property_value: null }])).toEqual([
      expect.objectContaining({ name: 'property_records.0.property_value', reason: 'required' }),
    ]);
  });

  it('reads values with the check it is given', () => {
    const rules = { ...RULES, checkValue: () => ({ ok: true as const, value: 'read' }) };
    expect(checkPropertyRecords([{ property_id: 'size', property_value: 'anything' }], rules)).toEqual([
      expect.objectContaining({ propertyId: 'size', value: 'read' }),
    ]);
  });

  it('collects its problems after those given, keeping the values that passed, when asked to collect', () => {
    const earlier = invalidParam('names', InvalidReason.Required, 'A name');
    const collected: InvalidParam[] = [earlier];
    const checked = collectPropertyRecords(
      [
        { property_id: 'size', property_value: '3' },
        { property_id: 'missing', property_value: 'x' },
      ],
      RULES,
      collected,
    );
    expect(checked).toEqual([{ propertyId: 'size', value: 3, unique: false, field: 'property_records.0.property_value' }]);
    expect(collected).toEqual([earlier, expect.objectContaining({ name: 'property_records.1.property_id', reason: 'not_found' })]);
  });
});
