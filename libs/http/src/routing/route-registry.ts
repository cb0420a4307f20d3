/**
 * The routes the HTTP server actually registered, recorded through Fastify's `onRoute` hook, so an
 * unmatched request can be told which methods its path does support.
 */
export class RouteRegistry {
  private readonly routes: { pattern: RegExp; method: string }[] = [];

  record(url: string, methods: string | string[]): void {
    const pattern = new RegExp(
      '^' + url.replace(/[.*+?^${}()|[\]\\]/g, '\\$&').replace(/\/:[^/]+/g, '/[^/]+') + '/?$',
    );
    for (const method of Array.isArray(methods) ? methods : [methods]) {
      if (method !== 'HEAD' && method !== 'OPTIONS') this.routes.push({ pattern, method });
    }
  }

  methodsFor(path: string): string[] {
    return [...new Set(this.routes.filter((r) => r.pattern.test(path)).map((r) => r.method))];
  }
}

declare module 'fastify' {
  interface FastifyInstance {
    apiRoutes: RouteRegistry;
  }
}
