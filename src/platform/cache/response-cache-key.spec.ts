import { ApiInterface, apiOperationOf, ApiUserActor, DeviceActor } from '@tessera/http';
import { familiesChangedBy, principalOf, resourceFamily, responseCacheKey } from './response-cache-key';

const operation = (method: string, path: string, apiInterface = 'enterprise') =>
  apiOperationOf(method, `/webservice/rest-api/${apiInterface}-interface/v1.0${path}`)!;

const device = (customerId: string | null): DeviceActor => ({
  kind: 'device',
  interface: ApiInterface.Customer,
  tokenId: 't',
  deviceTokenId: `d-${customerId}`,
  applicationId: 'a',
  customerId,
});
const apiUser: ApiUserActor = {
  kind: 'api_user',
  interface: ApiInterface.Enterprise,
  userId: 'u1',
  applicationId: 'a',
  sessionId: 's',
  storeId: null,
};

describe('response cache keys', () => {
  const parts = {
    operation: operation('GET', '/stores/:store_id'),
    url: '/webservice/rest-api/enterprise-interface/v1.0/stores/abc?x=1',
    acceptLanguage: 'en',
    principal: 'user:u1',
    generation: '0',
  };

  it('differ in every part an answer depends on', () => {
    const key = responseCacheKey(parts);
    expect(responseCacheKey({ ...parts })).toBe(key);
    expect(responseCacheKey({ ...parts, acceptLanguage: ' EN ' })).toBe(key);
    for (const change of [
      { operation: operation('GET', '/stores/:store_id', 'customer') },
      { url: `${parts.url}&y=2` },
      { acceptLanguage: 'de' },
      { principal: 'user:u2' },
      { generation: '1' },
    ]) {
      expect(responseCacheKey({ ...parts, ...change })).not.toBe(key);
    }
  });

  it('name the caller: API user, logged-in customer, or any anonymous device', () => {
    expect(principalOf(apiUser)).toBe('user:u1');
    expect(principalOf(device('c1'))).toBe('customer:c1');
    expect(principalOf(device('c2'))).not.toBe(principalOf(device('c1')));
    expect(principalOf(device(null))).toBe('anonymous-device');
    expect(principalOf(undefined)).toBe('public');
  });

  it('group operations by the first path segment and widen writes to the families they change', () => {
    expect(resourceFamily(operation('GET', '/customers/:customer_id/cards'))).toBe('customers');
    expect(familiesChangedBy(operation('PUT', '/stores/:store_id'))).toEqual(['stores']);
    expect(familiesChangedBy(operation('POST', '/cards/actions/assign-free-card'))).toEqual(['cards', 'customers']);
  });
});
