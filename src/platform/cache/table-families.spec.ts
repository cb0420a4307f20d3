import { API_OPERATION_IDS } from '@tessera/http';
import { CACHED_TABLES, familiesShowing } from './table-families';

const contractFamilies = new Set(Object.keys(API_OPERATION_IDS).map((operation) => operation.split(' ')[1].split('/')[1]));

describe('familiesShowing', () => {
  it.each(CACHED_TABLES)('names only families of the contract for %s', (table) => {
    const families = familiesShowing(table);
    expect(families.length).toBeGreaterThan(0);
    expect(families.filter((family) => !contractFamilies.has(family))).toEqual([]);
  });

  it('adds the families a family is shown in', () => {
    expect(familiesShowing('partners')).toEqual(expect.arrayContaining(['partners', 'stores', 'products']));
    expect(familiesShowing('purchase_properties')).toEqual(['purchase-properties', 'purchase-item-properties']);
  });

  it('leaves out tables no cached answer shows', () => {
    expect(familiesShowing('api_users')).toEqual([]);
    expect(familiesShowing('customers')).toEqual([]);
  });
});
