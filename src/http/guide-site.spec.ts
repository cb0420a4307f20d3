import Fastify from 'fastify';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { findGuideSite, serveGuideSite } from './guide-site';

describe('documentation site at /guide', () => {
  let root: string;

  beforeEach(() => {
    root = mkdtempSync(join(tmpdir(), 'guide-site-'));
  });
  afterEach(() => rmSync(root, { recursive: true, force: true }));

  it('serves the built site, its pages and redirects /guide to /guide/', async () => {
    const site = join(root, 'docs', '.vitepress', 'dist');
    mkdirSync(join(site, 'operating'), { recursive: true });
    writeFileSync(join(site, 'index.html'), '<h1>Tessera documentation</h1>');
    writeFileSync(join(site, 'operating', 'configuration.html'), '<h1>Configuration reference</h1>');
    writeFileSync(join(site, '404.html'), '<h1>Page not found</h1>');
    expect(findGuideSite(join(root, 'dist', 'src', 'http'))).toBe(site);

    const fastify = Fastify();
    expect(await serveGuideSite(fastify, site)).toBe(true);
    const home = await fastify.inject({ method: 'GET', url: '/guide/' });
    expect(home.statusCode).toBe(200);
    expect(home.headers['content-type']).toContain('text/html');
    expect(home.body).toContain('Tessera documentation');
    const page = await fastify.inject({ method: 'GET', url: '/guide/operating/configuration.html' });
    expect(page.body).toContain('Configuration reference');
    const bare = await fastify.inject({ method: 'GET', url: '/guide' });
    expect(bare.statusCode).toBe(301);
    expect(bare.headers.location).toBe('/guide/');
    await fastify.close();
  });

  it("answers a missing page under /guide/ with the site's HTML 404 page, and other unknown paths as before", async () => {
    const site = join(root, 'site');
    mkdirSync(site);
    writeFileSync(join(site, 'index.html'), '<h1>Tessera documentation</h1>');
    writeFileSync(join(site, '404.html'), '<h1>Page not found</h1>');
    const fastify = Fastify();
    fastify.setNotFoundHandler((_request, reply) => reply.code(404).send({ title: 'Not Found' }));
    await serveGuideSite(fastify, site);
    for (const url of ['/guide/missing.html', '/guide/operating/missing', '/guide/a/b/c.css']) {
      const missing = await fastify.inject({ method: 'GET', url });
      expect([url, missing.statusCode, missing.headers['content-type'], missing.body]).toEqual([
        url,
        404,
        'text/html; charset=utf-8',
        '<h1>Page not found</h1>',
      ]);
    }
    const api = await fastify.inject({ method: 'GET', url: '/webservice/missing' });
    expect([api.statusCode, api.json()]).toEqual([404, { title: 'Not Found' }]);
    expect((await fastify.inject({ method: 'GET', url: '/guidebook' })).json()).toEqual({ title: 'Not Found' });
    await fastify.close();
  });

  it('registers nothing, without an error, when the site is not built', async () => {
    expect(findGuideSite(join(root, 'dist', 'src', 'http'))).toBeUndefined();
    const fastify = Fastify();
    expect(await serveGuideSite(fastify, join(root, 'nothing-here'))).toBe(false);
    mkdirSync(join(root, 'docs', '.vitepress', 'dist'), { recursive: true });
    expect(await serveGuideSite(fastify, join(root, 'docs', '.vitepress', 'dist'))).toBe(false);
    expect((await fastify.inject({ method: 'GET', url: '/guide/' })).statusCode).toBe(404);
    await fastify.close();
  });
});
