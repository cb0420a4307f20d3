import fastifyStatic from '@fastify/static';
import type { FastifyInstance, RawServerBase } from 'fastify';
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';

/** Where the server serves the documentation site (`/docs` is the Swagger UI). */
export const GUIDE_PREFIX = '/guide';

/** The built site, relative to the repository root (`npm run docs:build`). */
const BUILT_SITE = join('docs', '.vitepress', 'dist');

/**
 * The built documentation site, found by walking up from this file (it runs from src/ in tests and
 * from dist/src/ in production), or undefined when it has not been built.
 */
export function findGuideSite(from: string = __dirname): string | undefined {
  for (let dir = from, depth = 0; depth < 5; dir = dirname(dir), depth++) {
    const site = join(dir, BUILT_SITE);
    if (existsSync(join(site, 'index.html'))) return site;
  }
  return undefined;
}

/**
 * Serves the built documentation site under /guide (and /guide/) when there is one; without a build nothing is
 * registered and /guide answers 404 like any unknown path. The Swagger UI registered its own copy of
 * the static plugin, so this one leaves `reply.sendFile` alone. A missing page answers the site's own
 * 404 page: a person following a stale link gets a page with the site's navigation, not the API's JSON error.
 */
export async function serveGuideSite<S extends RawServerBase>(
  fastify: FastifyInstance<S>,
  site: string | undefined = findGuideSite(),
): Promise<boolean> {
  if (!site || !existsSync(join(site, 'index.html'))) return false;
  const notFoundPage = join(site, '404.html');
  const notFoundHtml = existsSync(notFoundPage) ? readFileSync(notFoundPage) : undefined;
  await fastify.register(
    async (guide) => {
      // Scoped to the prefix: every other unknown path keeps the API's JSON 404.
      if (notFoundHtml) guide.setNotFoundHandler((_request, reply) => reply.code(404).type('text/html; charset=utf-8').send(notFoundHtml));
      await guide.register(fastifyStatic, { root: site, prefix: '/', decorateReply: false });
    },
    { prefix: GUIDE_PREFIX },
  );
  // The static plugin redirects only the prefix it was given, and inside the scope that is `/`.
  fastify.get(GUIDE_PREFIX, (_request, reply) => reply.redirect(`${GUIDE_PREFIX}/`, 301));
  return true;
}
