import { ApiInterface } from '@tessera/http';
import { CATALOG_OPERATIONS } from '../../src/modules/auth';
import { registeredApiRoutes } from '../support/route-table';
import { TestApp } from '../support/test-app';

describe('routing rules on both interfaces', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await TestApp.create();
    // GET /users serves as the sample list below; it is off by default.
    await t.grantOperations(await t.enterpriseApplicationId(), ['GET /users']);
  });
  afterAll(() => t.close());

  it('answers 404 with the error body for an unknown path', async () => {
    const response = await t.enterprise('GET', '/no-such-resource');
    expect(response.status).toBe(404);
    expect(response.body.error).toMatchObject({ exception: 'not_found_exception', error_data: { resource_name: 'no-such-resource' } });
  });

  it('answers 404 for an unknown version', async () => {
    const response = await t.request('GET', '/webservice/rest-api/enterprise-interface/v2.0/users');
    expect(response.status).toBe(404);
  });

  it('answers 403 interface_not_allowed_exception for an operation of the other interface', async () => {
    const enterprise = await t.enterprise('POST', '/tokens');
    expect(enterprise.status).toBe(403);
    expect(enterprise.body.error).toEqual({
      type: 'interface_not_allowed_exception',
      exception: 'interface_not_allowed_exception',
      title: expect.any(String),
      detail: expect.any(String),
      error_data: { invalid_resource_name: 'tokens', interface: 'Enterprise' },
    });
    const customer = await t.customer('GET', '/users');
    expect(customer.status).toBe(403);
    expect(customer.body.error.error_data).toEqual({ invalid_resource_name: 'users', interface: 'Customer' });
  });

  it('serves each operation of the API reference on exactly the interfaces the reference names, or on none yet', () => {
    // The 403 for the other interface's operations comes from the reference; the handlers' @Offers must agree with it.
    const servedOn = new Map<string, ApiInterface[]>();
    for (const route of registeredApiRoutes(t.app))
      servedOn.set(route.key, [...(servedOn.get(route.key) ?? []), route.apiInterface].sort());
    expect(CATALOG_OPERATIONS).toHaveLength(322);
    const disagreeing = CATALOG_OPERATIONS.filter((operation) => servedOn.has(operation.key))
      .map((operation) => ({ key: operation.key, reference: [...operation.interfaces].sort(), served: servedOn.get(operation.key) }))
      .filter(({ reference, served }) => reference.join() !== served?.join());
    expect(disagreeing).toEqual([]);
  });

  it('answers 405 with Allow for a method the path does not support', async () => {
    const response = await t.enterprise('DELETE', '/users', { token: await t.enterpriseToken() });
    expect(response.status).toBe(405);
    expect(response.headers.allow).toBe('GET');
    expect(response.body.error.error_data).toEqual({ http_method: 'DELETE' });
  });

  it('accepts an empty body sent as application/json', async () => {
    const response = await t.enterprise('GET', '/users', {
      token: await t.enterpriseToken(),
      headers: { 'content-type': 'application/json' },
    });
    expect(response.status).toBe(200);
  });

  it('refuses malformed JSON and foreign content types with 400', async () => {
    const malformed = await t.customer('POST', '/tokens', { body: '{not json' });
    expect(malformed.status).toBe(400);
    expect(malformed.body.error.error_data.invalid_params[0]).toMatchObject({ name: 'body', reason: 'invalid_value_format' });
    const xml = await t.customer('POST', '/tokens', { body: '<a/>', headers: { 'content-type': 'application/xml' } });
    expect(xml.status).toBe(400);
    expect(xml.body.error.error_data.invalid_params[0]).toMatchObject({ name: 'Content-Type' });
  });

  it('refuses bad paging values', async () => {
    const token = await t.enterpriseToken();
    for (const query of <Record<string, string>[]>[
      { count: '0' },
      { count: '1001' },
      { offset: '-1' },
      { count: 'ten' },
      { sort_direction: 'UP' },
      { sort_field: 'password' },
    ]) {
      const response = await t.enterprise('GET', '/users', { token, query });
      expect(response.status).toBe(400);
      expect(response.body.error.exception).toBe('bad_request_exception');
      expect(response.body.error.error_data.invalid_params[0].name).toBe(Object.keys(query)[0]);
    }
  });

  it('serves liveness, readiness and one API document per interface', async () => {
    expect((await t.request('GET', '/health')).status).toBe(200);
    expect((await t.request('GET', '/ready')).body).toMatchObject({ status: 'ready' });
    const enterpriseDoc = await t.request('GET', '/docs/enterprise/openapi.json');
    const customerDoc = await t.request('GET', '/docs/customer/openapi.json');
    expect(Object.keys(enterpriseDoc.body.paths)).toContain('/webservice/rest-api/enterprise-interface/v1.0/users/actions/login');
    expect(Object.keys(customerDoc.body.paths)).toContain('/webservice/rest-api/customer-interface/v1.0/tokens');
    expect(Object.keys(customerDoc.body.paths).some((p) => p.includes('/users'))).toBe(false);
  });
});
