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
    expect((await fastify.inject({ method: 'GET', url: '/guide/missing.html' })).statusCode).toBe(404);
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
