import { NestFactory } from '@nestjs/core';
import { FastifyAdapter, NestFastifyApplication } from '@nestjs/platform-fastify';
import { DocumentBuilder, SwaggerModule } from '@nestjs/swagger';
import type { Server } from 'node:http';
import { randomUUID } from 'node:crypto';
import { ApiInterface, OPERATOR_BASE_PATH, RouteRegistry, apiOperationOf } from '@tessera/http';
import { API_MODULES } from '../api/interface-routes.module';
import { OPERATOR_API_MODULES } from '../api/operator-routes.module';
import { AppModule } from '../app.module';
import { AppConfig } from '../config/app-config';
import { operationKindOf } from '../modules/auth';
import { ChangeFeed } from '../platform/change-feed';
import { LiveSettings } from '../platform/live-settings';
import { AppLogger } from '../platform/logging/app-logger';
import { BODY_LIMITS, clientErrorHandler, configureBodyParsing } from './body-parsing';
import { InFlightRequests } from './in-flight-requests';
import { serveConsole } from './console-site';
import { serveGuideSite } from './guide-site';
import { ERROR_RESPONSE_MODELS, interfaceDocument } from './interface-document';
import { httpLoggerOptions, OneLinePerRequest } from './request-logging';
import { TlsMaterial } from './tls';

export const DOCS_PATHS = {
  [ApiInterface.Enterprise]: 'docs/enterprise',
  [ApiInterface.Customer]: 'docs/customer',
};
/** The operator API's own document and Swagger page, beside the API it describes. */
export const OPERATOR_DOCS_PATH = `${OPERATOR_BASE_PATH}/docs`;

export interface HttpAppOptions {
  config: AppConfig;
  databaseUrl: string;
  tls?: TlsMaterial;
}

/** Builds the Nest application on Fastify with both interfaces, their docs, the guide site and the console (when built), and the API's transport rules. */
export async function createHttpApp({ config, databaseUrl, tls }: HttpAppOptions): Promise<NestFastifyApplication> {
  const adapter = new FastifyAdapter({
    https: tls ? { key: tls.key, cert: tls.cert } : null,
    logger: httpLoggerOptions(config.logLevel),
    logController: new OneLinePerRequest(),
    requestIdHeader: 'x-request-id',
    genReqId: () => randomUUID(),
    bodyLimit: BODY_LIMITS.default,
    // Past Fastify's default of 100 a long path parameter would answer 414 in Fastify's own body. Node's
    // 16 KiB header limit already bounds the request line, so any parameter that arrives reaches the
    // validation pipe, whose string limit answers 400 naming it.
    routerOptions: { maxParamLength: 16_384 },
    requestTimeout: config.requestTimeoutSeconds * 1000,
    clientErrorHandler: clientErrorHandler(config.requestTimeoutSeconds),
    return503OnClosing: true,
    trustProxy: config.trustProxy,
  } as ConstructorParameters<typeof FastifyAdapter>[0]);
  const fastify = adapter.getInstance();
  limitRequestTime(fastify.server as Server, config.requestTimeoutSeconds * 1000);
  const routes = new RouteRegistry();
  fastify.decorate('apiRoutes', routes);
  const inFlight = new InFlightRequests();
  fastify.addHook('onRoute', (route) => {
    route.handler = inFlight.wrap(route.handler);
  });
  IN_FLIGHT.set(fastify, inFlight);
  configureBodyParsing(fastify);
  fastify.addHook('onRoute', (route) => routes.record(route.url, route.method));
  fastify.addHook('onSend', async (request, reply) => {
    reply.header('x-request-id', request.id);
  });

  const logger = new AppLogger(config.logLevel);
  const app = await NestFactory.create<NestFastifyApplication>(AppModule.forRoot(config, databaseUrl), adapter, {
    logger,
    abortOnError: false,
    bodyParser: false,
  });
  const changes = app.get(ChangeFeed);
  app.get(LiveSettings).onChange(['logLevel'], () => {
    logger.setLevel(config.logLevel);
    // Each request's logger is a child made when the request arrives: new requests log at the new level.
    fastify.log.level = config.logLevel;
  });
  // Added before init registers the routes. A write is acknowledged only once this instance has
  // dropped what it replaced (decision 29).
  fastify.addHook('onSend', async (request) => {
    if (request.method !== 'GET' && request.method !== 'HEAD' && !computesOnly(request.method, request.routeOptions.url))
      await changes.sync();
  });
  setUpApiDocs(app);
  setUpOperatorDocs(app);
  await serveGuideSite(fastify);
  await serveConsole(fastify);
  await app.init();
  return app;
}

/**
 * Node answers 408 to a request (headers or body) not received within `requestTimeout`, but it looks
 * for such requests only every `connectionsCheckingInterval` (30 s by default), and gives headers
 * their own 60 s: both are brought within the request timeout. Read by Node when the server starts listening.
 */
function limitRequestTime(server: Server & { connectionsCheckingInterval?: number }, requestTimeoutMs: number): void {
  if (requestTimeoutMs <= 0) return;
  server.headersTimeout = Math.min(server.headersTimeout, requestTimeoutMs);
  server.connectionsCheckingInterval = Math.max(100, Math.min(1_000, requestTimeoutMs / 4));
}

const SHUTDOWN_GRACE_MS = 10_000;
/** Each application's handler count, for its graceful close. */
const IN_FLIGHT = new WeakMap<object, InFlightRequests>();

/**
 * Stops taking connections and lets handlers still running finish before Nest's shutdown hooks
 * close the database pool (Nest alone would close the pool first and fail those requests).
 */
export async function closeGracefully(app: NestFastifyApplication): Promise<void> {
  await app.getHttpAdapter().getInstance().close();
  await IN_FLIGHT.get(app.getHttpAdapter().getInstance())?.whenIdle(SHUTDOWN_GRACE_MS);
  await app.close();
}

function setUpApiDocs(app: NestFastifyApplication): void {
  for (const apiInterface of [ApiInterface.Enterprise, ApiInterface.Customer]) {
    const title = apiInterface === ApiInterface.Enterprise ? 'Enterprise interface' : 'Customer interface';
    const builder = new DocumentBuilder()
      .setTitle(`Tessera: ${title}`)
      .setDescription(
        apiInterface === ApiInterface.Enterprise
          ? 'For back offices, e-shops, points of sale and BI. Sign in with POST /users/actions/login and send the bearer token.'
          : 'For mobile apps and portals. Create a device token with POST /tokens and send it as the bearer token; log a customer in on it to reach their data.',
      )
      .setVersion('v1.0')
      // Tokens are opaque random strings the server looks up, not JWTs: a client can read nothing from them.
      .addSecurity('bearer', {
        type: 'http',
        scheme: 'bearer',
        description:
          apiInterface === ApiInterface.Enterprise
            ? 'An opaque access token from POST /users/actions/login, sent as `Authorization: Bearer <token>` until it expires.'
            : 'An opaque device token from POST /tokens, sent as `Authorization: Bearer <token>`; logging a customer in on it gives access to their data.',
      })
      .build();
    const document = interfaceDocument(
      SwaggerModule.createDocument(app, builder, { include: API_MODULES, extraModels: ERROR_RESPONSE_MODELS }),
      apiInterface,
    );
    const docsPath = DOCS_PATHS[apiInterface];
    SwaggerModule.setup(docsPath, app, document, {
      jsonDocumentUrl: `${docsPath}/openapi.json`,
      customSiteTitle: `Tessera ${title}`,
    });
  }
}

function setUpOperatorDocs(app: NestFastifyApplication): void {
  const builder = new DocumentBuilder()
    .setTitle('Tessera: operator API')
    .setDescription(
      'For the people who run the programme, and for the console and the CLI: every definition with its lifecycle, API users and roles, ' +
        'customer care, privacy requests, programme figures and the audit trail. Sign in with POST /sessions as an API user whose role ' +
        'grants operator permissions, and send the token as the bearer token. Every write is audited.',
    )
    .setVersion('v1')
    .addSecurity('bearer', {
      type: 'http',
      scheme: 'bearer',
      description: 'An opaque token from POST /sessions, sent as `Authorization: Bearer <token>` until it expires or you sign out.',
    })
    .build();
  const document = SwaggerModule.createDocument(app, builder, { include: OPERATOR_API_MODULES, extraModels: ERROR_RESPONSE_MODELS });
  SwaggerModule.setup(OPERATOR_DOCS_PATH, app, document, {
    jsonDocumentUrl: `${OPERATOR_DOCS_PATH}/openapi.json`,
    customSiteTitle: 'Tessera operator API',
  });
}

const computedOnlyRoutes = new Map<string, boolean>();

/**
 * Whether a route only computes an answer (the recommendation engine, accept-payment): it wrote
 * nothing an instance keeps in memory, so its answer need not wait for the change feed.
 */
function computesOnly(method: string, routeUrl: string | undefined): boolean {
  const key = `${method} ${routeUrl}`;
  let known = computedOnlyRoutes.get(key);
  if (known === undefined) {
    const operation = apiOperationOf(method, routeUrl);
    known = operation !== undefined && operationKindOf(operation.method, operation.path) === 'read';
    computedOnlyRoutes.set(key, known);
  }
  return known;
}
