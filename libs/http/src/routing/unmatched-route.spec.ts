import { unmatchedRouteError } from './unmatched-route';

const ENTERPRISE = '/webservice/rest-api/enterprise-interface/v1.0';
const CUSTOMER = '/webservice/rest-api/customer-interface/v1.0';
const nothingServed = () => [];

describe('unmatchedRouteError', () => {
  it.each([
    ['GET', '/elsewhere', 404],
    ['GET', `${ENTERPRISE.replace('v1.0', 'v9.9')}/users`, 404],
    ['GET', `${ENTERPRISE}/not-a-resource`, 404],
    ['GET', `${ENTERPRISE}/customers/abc/not-a-sub-resource`, 404],
    ['DELETE', `${ENTERPRISE}/countries`, 405],
    ['POST', `${ENTERPRISE}/tokens`, 403],
    ['GET', `${CUSTOMER}/users/abc`, 403],
    ['POST', `${CUSTOMER}/cards/batch`, 403],
    // An operation of the API this server does not provide.
    ['GET', `${CUSTOMER}/audiences-unknown`, 404],
  ])('%s %s -> %i', (method, url, status) => {
    expect(unmatchedRouteError(method, url, nothingServed).status).toBe(status);
  });

  it('prefers static segments over parameters', () => {
    // `/customers/actions/verify-credentials` must not be read as `/customers/{id}/...`.
    const error = unmatchedRouteError('GET', `${ENTERPRISE}/customers/actions/verify-credentials`, nothingServed);
    expect(error.status).toBe(405);
    expect(error.headers.Allow).toBe('POST');
  });

  it('lists the methods of the path in Allow, with the query string ignored', () => {
    const error = unmatchedRouteError('PATCH', `${ENTERPRISE}/stores/abc?x=1`, nothingServed);
    expect(error.status).toBe(405);
    expect(error.headers.Allow.split(', ').sort()).toEqual(['GET', 'PUT']);
    expect(error.body.error_data).toEqual({ http_method: 'PATCH' });
  });

  it('answers 405 for a path only this server serves, with its methods', () => {
    const error = unmatchedRouteError('DELETE', `${CUSTOMER}/customers`, () => ['GET', 'POST', 'PUT']);
    expect(error.status).toBe(405);
    expect(error.headers.Allow).toContain('PUT');
  });

  it('names the resource and the interface in the 403 body', () => {
    expect(unmatchedRouteError('POST', `${ENTERPRISE}/tokens/abc/actions/login`, nothingServed).body).toMatchObject({
      type: 'interface_not_allowed_exception',
      error_data: { invalid_resource_name: 'tokens', interface: 'Enterprise' },
    });
  });
});
