import { ApiInterface } from '../routing/api-interface';
import { CommonErrorCode, CommonException } from '../errors/common.exceptions';
import { ApiUserActor, DeviceActor } from './actor';
import { customerInScope, visibleRecord } from './customer-scope';

const apiUser: ApiUserActor = {
  kind: 'api_user',
  interface: ApiInterface.Enterprise,
  userId: 'u',
  applicationId: 'a',
  sessionId: 's',
  storeId: null,
};
const device = (customerId: string | null): DeviceActor => ({
  kind: 'device',
  interface: ApiInterface.Customer,
  tokenId: 't',
  deviceTokenId: 'd',
  applicationId: 'a',
  customerId,
});

function errorOf(work: () => unknown): CommonException {
  try {
    work();
  } catch (error) {
    return error as CommonException;
  }
  throw new Error('expected an error');
}

describe('customerInScope', () => {
  it('lets an API user name any customer but requires one', () => {
    expect(customerInScope(apiUser, 'c1')).toBe('c1');
    expect(errorOf(() => customerInScope(apiUser, undefined)).code).toBe(CommonErrorCode.InvalidParams);
  });

  it('resolves the logged-in customer on the customer interface, with or without an id', () => {
    expect(customerInScope(device('c1'), 'c1')).toBe('c1');
    expect(customerInScope(device('c1'), undefined)).toBe('c1');
  });

  it('refuses another customer and an anonymous device', () => {
    const other = errorOf(() => customerInScope(device('c1'), 'c2'));
    expect(other.details.data?.params).toEqual([
      expect.objectContaining({ name: 'customer_id', reason: 'not_belong_to_logged_in_customer' }),
    ]);
    expect(errorOf(() => customerInScope(device(null), 'c1')).code).toBe(CommonErrorCode.CustomerNotLoggedIn);
  });
});

describe('visibleRecord', () => {
  const record = { id: 'r1', customerId: 'c1' };
  const owner = (r: typeof record) => r.customerId;

  it('shows an API user any record and a customer their own', () => {
    expect(visibleRecord(apiUser, record, owner, 'points', 'r1')).toBe(record);
    expect(visibleRecord(device('c1'), record, owner, 'points', 'r1')).toBe(record);
  });

  it("hides another customer's record like a missing one, and refuses an anonymous device", () => {
    expect(errorOf(() => visibleRecord(device('c2'), record, owner, 'points', 'r1')).code).toBe(CommonErrorCode.RecordNotFound);
    expect(errorOf(() => visibleRecord(apiUser, null, owner, 'points', 'r1')).code).toBe(CommonErrorCode.RecordNotFound);
    expect(errorOf(() => visibleRecord(device(null), record, owner, 'points', 'r1')).code).toBe(CommonErrorCode.CustomerNotLoggedIn);
  });
});
