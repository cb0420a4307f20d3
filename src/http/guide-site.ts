import fastifyStatic from '@fastify/static';
import type { FastifyInstance, RawServerBase } from 'fastify';
import { existsSync } from 'node:fs';
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
 * the static plugin, so this one leaves `reply.sendFile` alone.
 */
export async function serveGuideSite<S extends RawServerBase>(
  fastify: FastifyInstance<S>,
  site: string | undefined = findGuideSite(),
): Promise<boolean> {
  if (!site || !existsSync(join(site, 'index.html'))) return false;
  await fastify.register(fastifyStatic, { root: site, prefix: GUIDE_PREFIX, decorateReply: false, redirect: true });
  return true;
}
