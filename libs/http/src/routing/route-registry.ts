/** A route as Fastify registered it: the URL template (`/.../stores/:store_id`) and one method. */
export interface RegisteredRoute {
  url: string;
  method: string;
}

/**
 * The routes the HTTP server actually registered, recorded through Fastify's `onRoute` hook, so an
 * unmatched request can be told which methods its path does support, and tests can enumerate them.
 */
export class RouteRegistry {
  private readonly routes: (RegisteredRoute & { pattern: RegExp })[] = [];

  record(url: string, methods: string | string[]): void {
    const pattern = new RegExp('^' + url.replace(/[.*+?^${}()|[\]\\]/g, '\\$&').replace(/\/:[^/]+/g, '/[^/]+') + '/?$');
    for (const method of Array.isArray(methods) ? methods : [methods]) {
      if (method !== 'HEAD' && method !== 'OPTIONS') this.routes.push({ url, pattern, method });
    }
  }

  methodsFor(path: string): string[] {
    return [...new Set(this.routes.filter((r) => r.pattern.test(path)).map((r) => r.method))];
  }

  registered(): RegisteredRoute[] {
    return this.routes.map(({ url, method }) => ({ url, method }));
  }
}

declare module 'fastify' {
  interface FastifyInstance {
    apiRoutes: RouteRegistry;
  }
}
