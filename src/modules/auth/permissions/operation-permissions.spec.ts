import { ApiInterface } from '../../../../libs/http/src/routing/api-interface';
import { API_ROUTE_CATALOG } from '../../../../libs/http/src/routing/api-route-catalog';
import {
  CATALOG_OPERATIONS,
  defaultPermitted,
  interfaceOperationKeys,
  LISTED_OPERATION_KEYS,
  OPERATION_GROUP_NAMES,
  OPERATION_GROUPS,
  operationKindOf,
  operationPermitted,
  permissionKeyOf,
  resolveOperationWords,
  UnknownOperationWordsError,
} from './operation-permissions';

const { Enterprise, Customer } = ApiInterface;
const DECISION_12 = [
  'GET /users',
  'POST /credits/actions/deposit-credits',
  'POST /credits/actions/reduce-credits',
  'POST /credits/actions/transfer-credits',
  'POST /rewards/{reward_id}/actions/create-custom-voucher',
];

describe('operation permissions', () => {
  it('knows every operation of the API reference', () => {
    expect(API_ROUTE_CATALOG).toHaveLength(282);
    expect(CATALOG_OPERATIONS).toHaveLength(322);
    expect(new Set(CATALOG_OPERATIONS.map((operation) => operation.key)).size).toBe(322);
    for (const key of LISTED_OPERATION_KEYS) expect(CATALOG_OPERATIONS.map((operation) => operation.key)).toContain(key);
  });

  it('puts every operation in exactly one of the five kind groups', () => {
    const kindGroups = ['reads', 'sessions', 'customer-data', 'value-movements', 'project-writes'] as const;
    const counted = new Map<string, number>();
    for (const group of kindGroups) for (const key of OPERATION_GROUPS[group]) counted.set(key, (counted.get(key) ?? 0) + 1);
    expect([...counted.keys()].sort()).toEqual(CATALOG_OPERATIONS.map((operation) => operation.key));
    expect([...counted.values()].every((count) => count === 1)).toBe(true);
  });

  it('decides the default of every operation on both interfaces by one rule', () => {
    for (const operation of CATALOG_OPERATIONS) {
      const offeredOn = (apiInterface: ApiInterface) => operation.interfaces.includes(apiInterface);
      const switchedOff = DECISION_12.includes(operation.key);
      expect([operation.key, defaultPermitted(Enterprise, operation.key)]).toEqual([operation.key, offeredOn(Enterprise) && !switchedOff]);
      const customerKind = ['read', 'session', 'customer-data'].includes(operation.kind);
      expect([operation.key, defaultPermitted(Customer, operation.key)]).toEqual([
        operation.key,
        offeredOn(Customer) && !switchedOff && customerKind,
      ]);
      expect(defaultPermitted(Customer, operation.key)).toBe(defaultPermitted(Customer, operation.key));
    }
  });

  it('lets an Enterprise application call everything of its interface except the switched-off operations', () => {
    const permitted = interfaceOperationKeys(Enterprise).filter((key) => defaultPermitted(Enterprise, key));
    expect(interfaceOperationKeys(Enterprise).filter((key) => !permitted.includes(key))).toEqual(DECISION_12);
    expect(OPERATION_GROUPS['disabled-by-default']).toEqual(DECISION_12);
    expect(defaultPermitted(Enterprise, 'PUT /card-types/{card_type_id}')).toBe(true);
    expect(defaultPermitted(Enterprise, 'POST /points/actions/assign-points')).toBe(true);
    expect(defaultPermitted(Enterprise, 'POST /tokens')).toBe(false);
  });

  it('keeps project-wide writes and value movements away from a Customer application', () => {
    for (const key of [
      'PUT /card-types/{card_type_id}',
      'POST /card-types',
      'POST /stores',
      'PUT /stores/{store_id}',
      'POST /stores/{store_id}/property-records',
      'POST /segments',
      'POST /segments/{segment_id}/actions/add-customer',
      'POST /points/actions/synchronize-points',
      'POST /points/actions/assign-points',
      'POST /rewards/{reward_id}/actions/create-custom-voucher',
      'POST /purchases/actions/send-purchase',
      'POST /credits/actions/deposit-credits',
    ]) {
      expect([key, defaultPermitted(Customer, key)]).toEqual([key, false]);
    }
    expect(operationKindOf('POST', '/points/actions/synchronize-points')).toBe('value-movement');
    expect(operationKindOf('PUT', '/stores/{store_id}')).toBe('project-write');
  });

  it('lets a Customer application read, handle its token, register and keep its customer data', () => {
    for (const key of [
      'POST /customers',
      'POST /tokens',
      'PUT /tokens/{token_id}',
      'POST /tokens/{token_id}/actions/login',
      'GET /countries',
      'GET /card-types',
      'PUT /customers/{customer_id}',
      'POST /customers/{customer_id}/property-records',
      'POST /rewards/{reward_id}/actions/create-voucher',
      'POST /points/actions/transfer-points',
      'POST /purchases/actions/accept-payment',
    ]) {
      expect([key, defaultPermitted(Customer, key)]).toEqual([key, true]);
    }
    expect([...OPERATION_GROUPS['customer-self-service']]).toEqual(
      interfaceOperationKeys(Customer).filter((key) => defaultPermitted(Customer, key)),
    );
  });

  it('judges an operation outside the reference by its kind, and an id-less alias as its full form', () => {
    expect(defaultPermitted(Customer, 'GET /loyalty-games')).toBe(true);
    expect(defaultPermitted(Customer, 'POST /loyalty-games')).toBe(false);
    expect(defaultPermitted(Enterprise, 'POST /loyalty-games')).toBe(true);
    expect(permissionKeyOf('PUT /customers')).toBe('PUT /customers/{customer_id}');
    expect(defaultPermitted(Customer, 'DELETE /customers/property-records/{property_record_id}')).toBe(true);
    const revoked = new Map([['PUT /customers/{customer_id}', false]]);
    expect(operationPermitted(Customer, 'PUT /customers', revoked)).toBe(false);
  });

  it('applies an application’s grants and revocations over the defaults', () => {
    const overrides = new Map([
      ['POST /stores', true],
      ['GET /countries', false],
    ]);
    expect(operationPermitted(Customer, 'POST /stores', overrides)).toBe(true);
    expect(operationPermitted(Customer, 'GET /countries', overrides)).toBe(false);
    expect(operationPermitted(Customer, 'PUT /stores/{store_id}', overrides)).toBe(false);
    expect(operationPermitted(Customer, 'GET /stores', overrides)).toBe(true);
  });

  describe('resolveOperationWords', () => {
    it('expands groups and keeps operation keys, sorted and without repeats', () => {
      expect(resolveOperationWords(['POST /stores', 'GET /users', 'POST /stores'])).toEqual(['GET /users', 'POST /stores']);
      expect(resolveOperationWords(['disabled-by-default', 'GET /users'])).toEqual(DECISION_12);
      expect(resolveOperationWords(['value-movements'])).toEqual(OPERATION_GROUPS['value-movements']);
      expect(resolveOperationWords(['project-writes'])).toEqual(
        expect.arrayContaining(['POST /card-types', 'PUT /stores/{store_id}', 'POST /segments']),
      );
    });

    it('reads a method and a path given as two words as one key', () => {
      expect(resolveOperationWords(['POST', '/credits/actions/deposit-credits', 'sessions'])).toContain(
        'POST /credits/actions/deposit-credits',
      );
    });

    it('names every unknown word', () => {
      const resolve = () => resolveOperationWords(['GET /countries', 'post /stores', 'everything', 'constructor', 'GET /stores/{id}']);
      expect(resolve).toThrow(UnknownOperationWordsError);
      expect(resolve).toThrow('"post /stores", "everything", "constructor", "GET /stores/{id}"');
      try {
        resolve();
      } catch (error) {
        expect((error as UnknownOperationWordsError).words).toEqual(['post /stores', 'everything', 'constructor', 'GET /stores/{id}']);
      }
    });

    it('keeps to one interface when given one', () => {
      expect(resolveOperationWords(['disabled-by-default'], Customer)).toEqual(['POST /rewards/{reward_id}/actions/create-custom-voucher']);
      expect(resolveOperationWords(['sessions'], Enterprise)).toEqual(
        [
          'POST /users/actions/login',
          'POST /users/actions/logout',
          'POST /users/actions/sso-login',
          'POST /one-time-password/actions/send',
          'POST /one-time-password/actions/verify',
        ].sort(),
      );
      expect(() => resolveOperationWords(['GET /users', 'POST /stores'], Customer)).toThrow(
        'Unknown operation of the Customer interface or group: "GET /users"',
      );
    });

    it('has a resolvable name for every group', () => {
      for (const group of OPERATION_GROUP_NAMES) expect(resolveOperationWords([group])).toEqual([...OPERATION_GROUPS[group]].sort());
    });
  });
});
