import fastifyStatic from '@fastify/static';
import type { FastifyInstance, RawServerBase } from 'fastify';
import { randomBytes } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';

/** Where the server serves the web console, the operator API's browser client. */
export const CONSOLE_PREFIX = '/console';

/** The built console, relative to the repository root (`npm run build` builds it with the server). */
const BUILT_CONSOLE = join('dist', 'console');

/** The page carries this in place of the nonce; each answer of the page puts a fresh one there. */
const NONCE_PLACEHOLDER = '__CSP_NONCE__';

/**
 * The console's policy: its own scripts only, and no inline script at all. The UI library writes its
 * styles into `<style>` elements at run time; they carry the page's nonce, so no 'unsafe-inline' is needed.
 */
export function consolePolicy(nonce: string): string {
  return [
    "default-src 'none'",
    "script-src 'self'",
    `style-src 'self' 'nonce-${nonce}'`,
    "img-src 'self' data:",
    "font-src 'self'",
    "connect-src 'self'",
    "manifest-src 'self'",
    "base-uri 'none'",
    "form-action 'self'",
    "frame-ancestors 'none'",
  ].join('; ');
}

/**
 * The built console, found by walking up from this file (it runs from src/ in tests and from dist/src/
 * in production), or undefined when it has not been built.
 */
export function findConsoleSite(from: string = __dirname): string | undefined {
  for (let dir = from, depth = 0; depth < 5; dir = dirname(dir), depth++) {
    const site = join(dir, BUILT_CONSOLE);
    if (existsSync(join(site, 'index.html'))) return site;
  }
  return undefined;
}

/**
 * Serves the built console under /console/ when there is one; without a build nothing is registered
 * and /console answers 404 like any unknown path. Hashed assets are cached for a year, since a new
 * build names new files; the page itself is never cached, so a browser picks up a new build at once.
 * Scripts and styles go out brotli- or gzip-compressed when the browser accepts it, as the build
 * compressed them. The router keeps its place in the URL's hash, so the page is the only document the
 * server answers.
 */
export async function serveConsole<S extends RawServerBase>(
  fastify: FastifyInstance<S>,
  site: string | undefined = findConsoleSite(),
): Promise<boolean> {
  if (!site || !existsSync(join(site, 'index.html'))) return false;
  const page = readFileSync(join(site, 'index.html'), 'utf8');
  await fastify.register(
    async (consoleScope) => {
      consoleScope.addHook('onSend', async (_request, reply) => {
        reply.header('x-content-type-options', 'nosniff');
        reply.header('referrer-policy', 'no-referrer');
        reply.header('cross-origin-opener-policy', 'same-origin');
        // Scripts, styles and images need no policy of their own; anything else the scope answers gets the tightest.
        if (!reply.hasHeader('content-security-policy'))
          reply.header('content-security-policy', "default-src 'none'; frame-ancestors 'none'");
      });
      consoleScope.get('/', { prefixTrailingSlash: 'slash' }, (_request, reply) => {
        const nonce = randomBytes(16).toString('base64');
        return reply
          .type('text/html; charset=utf-8')
          .header('cache-control', 'no-store')
          .header('content-security-policy', consolePolicy(nonce))
          .send(page.replaceAll(NONCE_PLACEHOLDER, nonce));
      });
      await consoleScope.register(fastifyStatic, {
        root: site,
        prefix: '/',
        decorateReply: false,
        index: false,
        cacheControl: false,
        // The build writes each script and style compressed beside itself (console/vite.config.mts).
        preCompressed: true,
        // The page goes out only with its nonce, from the route above.
        allowedPath: (path) => path !== '/index.html',
        setHeaders: (reply, path) => {
          const hashed = path.startsWith(join(site, 'assets'));
          void reply.header('cache-control', hashed ? 'public, max-age=31536000, immutable' : 'public, max-age=3600');
        },
      });
    },
    { prefix: CONSOLE_PREFIX },
  );
  fastify.get(CONSOLE_PREFIX, (_request, reply) => reply.redirect(`${CONSOLE_PREFIX}/`, 301));
  return true;
}
