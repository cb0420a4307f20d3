import { apiOperationOf } from './api-operation';

describe('apiOperationOf', () => {
  it('names an interface route with its path template', () => {
    expect(apiOperationOf('GET', '/webservice/rest-api/customer-interface/v1.0/stores/:store_id')).toEqual({
      apiInterface: 'customer',
      version: 'v1.0',
      method: 'GET',
      path: '/stores/{store_id}',
      key: 'GET /stores/{store_id}',
    });
  });

  it('ignores routes outside the interfaces', () => {
    expect(apiOperationOf('GET', '/ready')).toBeUndefined();
    expect(apiOperationOf('GET', undefined)).toBeUndefined();
  });
});
