import { ArgumentsHost, Logger } from '@nestjs/common';
import type { FastifyRequest } from 'fastify';
import { ApiExceptionFilter, InvalidReason } from '@tessera/http';
import { TestApp } from '../test-app';
import { Fault, InvalidRequest } from './invalid-requests';

/** A response to an invalid request that breaks the rules: not a 4xx, or not the API's error body. */
export interface FuzzFinding {
  request: InvalidRequest;
  status: number;
  problem: string;
  /** For a 5xx: what the server threw, as the exception filter received it. */
  thrown?: string;
  /** The start of the response body. */
  answer: string;
}

export interface FuzzResults {
  sent: number;
  byStatus: Map<number, number>;
  findings: FuzzFinding[];
  /** 400s that only the database caught (the exception filter logs each): the input limits let the value through. */
  refusedByDatabase: { request: InvalidRequest; sqlState: string }[];
  /** Requests with one fault answered 400, and how many of those 400s named the field of the fault. */
  singleFault: { refused: number; named: number; unnamed: { request: InvalidRequest; names: string[] }[] };
  durationMs: number;
}

const REASONS = new Set<string>(Object.values(InvalidReason));

/** What is wrong with an error response's body, or undefined when it is the API's error body for its status. */
export function errorBodyProblem(status: number, contentType: unknown, text: string): string | undefined {
  if (!String(contentType).startsWith('application/json')) return `content type ${String(contentType)}`;
  let body: { error?: Record<string, unknown> };
  try {
    body = JSON.parse(text);
  } catch {
    return 'a body that is not JSON';
  }
  const error = body?.error;
  if (!error || typeof error !== 'object') return 'no `error` object';
  for (const field of ['type', 'title', 'detail']) {
    if (typeof error[field] !== 'string' || error[field] === '') return `no \`error.${field}\``;
  }
  if (status === 403 && error.exception !== error.type) return '403 whose `exception` is not its `type`';
  if (status === 400) {
    const params = (error.error_data as { invalid_params?: unknown } | undefined)?.invalid_params;
    if (!Array.isArray(params) || params.length === 0) return '400 without `error_data.invalid_params`';
    const bad = params.find(
      (param: Record<string, unknown>) =>
        typeof param?.name !== 'string' || typeof param.message !== 'string' || !REASONS.has(param.reason as string),
    );
    if (bad) return `400 with an invalid param ${JSON.stringify(bad).slice(0, 200)}`;
  }
  return undefined;
}

function describeThrown(error: unknown): string {
  if (!(error instanceof Error)) return String(error).slice(0, 300);
  const frame = error.stack
    ?.split('\n')
    .find((line) => /\/(src|libs)\//.test(line))
    ?.trim();
  return `${error.constructor.name}: ${error.message.slice(0, 300)}${frame ? ` (${frame})` : ''}`;
}

/**
 * What the server threw and logged, by request id: the exception filter is watched for what a 5xx came
 * from, and its logger for the 400s that only the database caught. Nest binds each filter's `catch`
 * when it sets up its routes, so this must start before the application is created.
 */
export class ServerErrorWatch {
  private readonly thrown = new Map<string, unknown>();
  private readonly refused = new Map<string, string>();
  private readonly spies: jest.SpyInstance[];

  constructor() {
    const thrown = this.thrown;
    const refused = this.refused;
    // Read off the prototype, to be called with the filter instance the spy receives.
    const originalCatch = Object.getOwnPropertyDescriptor(ApiExceptionFilter.prototype, 'catch')?.value as ApiExceptionFilter['catch'];
    this.spies = [
      jest.spyOn(ApiExceptionFilter.prototype, 'catch').mockImplementation(function (
        this: ApiExceptionFilter,
        exception: unknown,
        host: ArgumentsHost,
      ) {
        thrown.set(String(host.switchToHttp().getRequest<FastifyRequest>().id), exception);
        return originalCatch.call(this, exception, host);
      }),
      jest.spyOn(Logger.prototype, 'warn').mockImplementation((message: unknown) => {
        const entry = message as { msg?: string; reqId?: string; sqlState?: string };
        if (entry?.msg === 'Value refused by the database' && entry.reqId) refused.set(String(entry.reqId), String(entry.sqlState));
      }),
    ];
  }

  /** What the filter received for the request, and the SQLSTATE if the database refused one of its values; forgotten once read. */
  take(requestId: string): { thrown: unknown; refusedSqlState?: string } {
    const taken = { thrown: this.thrown.get(requestId), refusedSqlState: this.refused.get(requestId) };
    this.thrown.delete(requestId);
    this.refused.delete(requestId);
    return taken;
  }

  stop(): void {
    this.spies.forEach((spy) => spy.mockRestore());
  }
}

/**
 * Sends every request through Fastify injection, a few at a time, and checks each answer: a 4xx with
 * the API's error body. A 5xx is reported with what the server threw (see ServerErrorWatch).
 */
export async function sendInvalidRequests(
  t: TestApp,
  watch: ServerErrorWatch,
  requests: InvalidRequest[],
  tokens: Record<string, string>,
  concurrency = 4,
): Promise<FuzzResults> {
  const results: FuzzResults = {
    sent: 0,
    byStatus: new Map(),
    findings: [],
    refusedByDatabase: [],
    singleFault: { refused: 0, named: 0, unnamed: [] },
    durationMs: 0,
  };
  const started = Date.now();
  let next = 0;
  const worker = async () => {
    while (next < requests.length) {
      const index = next++;
      const request = requests[index];
      // The server takes the request id from this header, so what it throws can be found by it.
      const requestId = `fuzz-${index}`;
      const response = await t.app.inject({
        method: request.method as 'GET',
        url: request.url,
        query: request.query,
        headers: { ...request.headers, authorization: `Bearer ${tokens[request.operation.apiInterface]}`, 'x-request-id': requestId },
        payload: request.payload,
      });
      results.sent++;
      results.byStatus.set(response.statusCode, (results.byStatus.get(response.statusCode) ?? 0) + 1);
      const { thrown, refusedSqlState } = watch.take(requestId);
      if (refusedSqlState) results.refusedByDatabase.push({ request, sqlState: refusedSqlState });
      const status = response.statusCode;
      const problem =
        status >= 500
          ? `answered ${status}`
          : status < 400
            ? `accepted with ${status}`
            : errorBodyProblem(status, response.headers['content-type'], response.body)?.replace(/^/, "not the API's error body: ");
      if (status === 400 && !problem && request.faults.length === 1) countNamedField(results, request, response.body);
      if (problem) {
        results.findings.push({
          request,
          status,
          problem,
          thrown: status >= 500 ? describeThrown(thrown) : undefined,
          answer: response.body.slice(0, 160),
        });
      }
    }
  };
  await Promise.all(Array.from({ length: concurrency }, worker));
  results.durationMs = Date.now() - started;
  return results;
}

/** Faults of the body as a whole: their 400 names `body` (or `Content-Type`), or for a null body the fields it lacks. */
const WHOLE_BODY_FAULTS = new Set(['deep-nesting', 'not-json', 'array-body', 'scalar-body', 'wrong-content-type']);

/** Whether the 400 names where the request's one fault is (a 400 for something else would mean the fault went unseen). */
function countNamedField(results: FuzzResults, request: InvalidRequest, body: string): void {
  const names = (JSON.parse(body).error.error_data.invalid_params as { name: string }[]).map((param) => param.name);
  const [fault] = request.faults;
  const places = [fault.at, fault.property ?? '']
    .map((at) => at.replace(/^(query|path)\./, '').replace(/ \(a property name\)$/, ''))
    .filter(Boolean);
  const within = (name: string, at: string) => name === at || at.startsWith(`${name}.`) || name.startsWith(`${at}.`);
  const named =
    names.some((name) => places.some((at) => within(name, at))) ||
    (WHOLE_BODY_FAULTS.has(fault.kind) && (names.includes('body') || names.includes('Content-Type') || fault.value === 'null'));
  results.singleFault.refused++;
  if (named) results.singleFault.named++;
  else results.singleFault.unnamed.push({ request, names });
}

const faultText = (faults: Fault[]) => faults.map((fault) => `${fault.kind} at ${fault.at}: ${fault.value}`).join('; ');

/**
 * Findings grouped by cause: the same status, problem and thrown error make one group, listed with
 * its size, the fault kinds every request of the group had (the likely cause), the operations it
 * touched and the example with the fewest faults.
 */
export function groupFindings(findings: FuzzFinding[]): string[] {
  const groups = new Map<string, FuzzFinding[]>();
  for (const finding of findings) {
    // The thrown message without the values it quotes, so that one cause makes one group.
    const cause = finding.thrown?.replace(/\s*\(.*\)$/, '').replace(/"[^"]*"/g, '"…"') ?? '';
    const key = `${finding.status} ${finding.problem} ${cause}`;
    groups.set(key, [...(groups.get(key) ?? []), finding]);
  }
  return [...groups.values()]
    .sort((a, b) => b.length - a.length)
    .map((group) => {
      const kindSets = group.map((finding) => new Set(finding.request.faults.map((fault) => fault.kind)));
      const common = [...kindSets[0]].filter((kind) => kindSets.every((kinds) => kinds.has(kind)));
      const operations = [...new Set(group.map(({ request }) => `${request.operation.apiInterface} ${request.operation.key}`))];
      const example = group.reduce((best, finding) => (finding.request.faults.length < best.request.faults.length ? finding : best));
      return [
        `${group.length} x ${example.problem} (status ${example.status})${common.length > 0 ? `, always with ${common.join(' + ')}` : ''}`,
        `    ${operations.length} operations: ${operations.slice(0, 6).join(', ')}${operations.length > 6 ? ', ...' : ''}`,
        `    example: ${example.request.operation.apiInterface} ${example.request.operation.key}: ${faultText(example.request.faults)}`,
        ...(example.thrown ? [`    thrown: ${example.thrown}`] : [`    answer: ${example.answer}`]),
      ].join('\n');
    });
}

export function describeRefusedByDatabase(refused: FuzzResults['refusedByDatabase']): string[] {
  const groups = new Map<string, number>();
  for (const { request, sqlState } of refused) {
    const key = `${request.operation.apiInterface} ${request.operation.key} (SQLSTATE ${sqlState}): ${request.faults.map((fault) => `${fault.kind} at ${fault.at}`).join('; ')}`;
    groups.set(key, (groups.get(key) ?? 0) + 1);
  }
  return [...groups].map(([key, count]) => `${count} x ${key}`);
}
