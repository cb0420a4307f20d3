import {
  PurchasePropertyDefinition,
  purchasePropertyDefinitionProblems,
  repeatedUniqueValues,
  uniqueValueLockKey,
} from './purchase-property-definition';

const definition = (overrides: Partial<PurchasePropertyDefinition> = {}): PurchasePropertyDefinition => ({
  resource: 'purchase',
  propertyId: 'delivery_size',
  name: 'Delivery size',
  dataType: 'enum',
  isRequired: false,
  isUnique: false,
  items: [{ id: 'L', name: 'Large' }],
  ...overrides,
});
const problems = (overrides: Partial<PurchasePropertyDefinition>) =>
  purchasePropertyDefinitionProblems(definition(overrides)).map(({ name, reason }) => `${name} ${reason}`);

describe('purchasePropertyDefinitionProblems', () => {
  it('accepts an enum with items and a timestamp without', () => {
    expect(problems({})).toEqual([]);
    expect(problems({ resource: 'purchase_item', dataType: 'timestamp', items: [] })).toEqual([]);
  });

  it('names each broken field', () => {
    expect(problems({ resource: 'bill' as never, propertyId: 'has space', name: ' ', dataType: 'money' })).toEqual([
      'resource not_allowed_value',
      'property_id invalid_value_format',
      'name empty',
      'data_type not_allowed_value',
    ]);
    expect(problems({ propertyId: 'x'.repeat(65) })).toEqual(['property_id invalid_value_format']);
  });

  it('wants items exactly for enum and multiselect', () => {
    expect(problems({ dataType: 'multiselect', items: [] })).toEqual(['items required']);
    expect(problems({ dataType: 'string' })).toEqual(['items not_allowed_value']);
  });

  it('refuses an item id given twice, malformed or too long, and an item without a name', () => {
    expect(
      problems({
        items: [
          { id: 'L', name: 'Large' },
          { id: 'L', name: 'Larger' },
          { id: 'x'.repeat(33), name: 'Long' },
          { id: 'S', name: '' },
        ],
      }),
    ).toEqual(['items.1.id not_allowed_value', 'items.2.id invalid_value_format', 'items.3.name empty']);
  });
});

describe('unique values', () => {
  it('finds the values that repeat an earlier one of the same property', () => {
    expect(
      repeatedUniqueValues([
        { propertyId: 'serial', value: 'A1' },
        { propertyId: 'batch', value: 'A1' },
        { propertyId: 'serial', value: 'A1' },
        { propertyId: 'serial', value: 7 },
        { propertyId: 'serial', value: '7' },
      ]),
    ).toEqual([2]);
  });

  it('locks one value of one property of one resource', () => {
    expect(uniqueValueLockKey('purchase', { propertyId: 'serial', value: 'A1' })).toBe('purchase-property:purchase:serial:"A1"');
    expect(uniqueValueLockKey('purchase_item', { propertyId: 'serial', value: 7 })).not.toBe(
      uniqueValueLockKey('purchase_item', { propertyId: 'serial', value: '7' }),
    );
  });
});
