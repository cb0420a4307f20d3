import { findGuideSite } from '../../src/http/guide-site';
import { TestApp } from '../support/test-app';

// The application serves the documentation site at /guide next to the Swagger UI at /docs, when the
// site has been built (npm run docs:build); without a build /guide is an unknown path.
describe('the documentation site in the application', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await TestApp.create();
  });
  afterAll(() => t.close());

  it('answers /guide/ when built and 404 otherwise, and leaves the Swagger UI working', async () => {
    const guide = await t.request('GET', '/guide/');
    if (findGuideSite()) {
      expect(guide.status).toBe(200);
      expect(guide.text).toContain('Tessera');
    } else {
      expect(guide.status).toBe(404);
    }
    expect((await t.request('GET', '/docs/enterprise/openapi.json')).status).toBe(200);
  });

  it("answers a missing guide page with the site's HTML 404 page and keeps the API's JSON 404 elsewhere", async () => {
    const missing = await t.request('GET', '/guide/no-such-page.html');
    expect(missing.status).toBe(404);
    if (findGuideSite()) {
      expect(missing.headers['content-type']).toContain('text/html');
      expect(missing.text).toContain('404');
    }
    const api = await t.request('GET', '/webservice/rest-api/enterprise-interface/v1.0/no-such-resource');
    expect(api.status).toBe(404);
    expect(api.headers['content-type']).toContain('application/json');
  });
});
