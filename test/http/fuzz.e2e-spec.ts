import fc from 'fast-check';
import { TestApp } from '../support/test-app';
import { registeredApiRoutes, registeredOperatorRoutes, RouteSurface, SurfaceRoute } from '../support/route-table';
import { snapshotDifferences, takeDatabaseSnapshot } from '../support/fuzz/database-snapshot';
import { FuzzCaller, prepareFuzzCallers } from '../support/fuzz/fuzz-callers';
import { describeRefusedByDatabase, groupFindings, sendInvalidRequests, ServerErrorWatch } from '../support/fuzz/fuzz-run';
import { faultKindsOf, InvalidRequest, invalidRequests, requestWithFault, SWEPT_FAULT_KINDS } from '../support/fuzz/invalid-requests';

/** The same requests on every run unless TESSERA_FUZZ_SEED picks others; TESSERA_FUZZ_RUNS asks for more. */
const SEED = Number(process.env.TESSERA_FUZZ_SEED ?? 20_260_512);
const RUNS = Number(process.env.TESSERA_FUZZ_RUNS ?? 5_000);

/**
 * Every operation the server serves (found in its route table and handler metadata, so a new one is
 * fuzzed without touching this file) gets requests generated from its DTOs, each made invalid on
 * purpose, sent as callers allowed to call it. Every answer must be a 4xx with the API's error body,
 * and the database must end exactly as it started: no table may change, not even a login counter,
 * since every request is turned away before anything is written.
 */
describe('Fuzzing every operation with invalid requests (HTTP)', () => {
  let t: TestApp;
  let callers: Record<RouteSurface, FuzzCaller>;
  let operations: SurfaceRoute[];
  let watch: ServerErrorWatch;

  beforeAll(async () => {
    watch = new ServerErrorWatch();
    t = await TestApp.create();
    callers = await prepareFuzzCallers(t);
    operations = [...registeredApiRoutes(t.app), ...registeredOperatorRoutes(t.app)];
  });

  afterAll(async () => {
    watch.stop();
    await t.close();
  });

  it(`answers ${RUNS}+ generated invalid requests with a 4xx and the API's error body, and changes nothing`, async () => {
    const fuzzable = operations.filter((operation) => faultKindsOf(operation).length > 0);
    const unreadable = operations.filter((operation) => !fuzzable.includes(operation));
    const perOperation = Math.ceil(RUNS / fuzzable.length);
    const drawn: InvalidRequest[] = fuzzable.flatMap((operation, index) =>
      fc.sample(invalidRequests(operation, callers[operation.apiInterface].ids), { seed: SEED + index, numRuns: perOperation }),
    );
    const swept = fuzzable.flatMap((operation, index) =>
      SWEPT_FAULT_KINDS.flatMap((kind) => requestWithFault(operation, callers[operation.apiInterface].ids, kind, SEED + index) ?? []),
    );
    const requests = [...drawn, ...swept];
    const tokens = Object.fromEntries(Object.entries(callers).map(([apiInterface, caller]) => [apiInterface, caller.token]));
    const pathNames = [...new Set(fuzzable.flatMap((operation) => operation.params.map((name) => `${operation.apiInterface}:${name}`)))];
    const randomPathIds = pathNames.filter((key) => !callers[key.split(':')[0] as RouteSurface].ids.has(key.split(':')[1]));

    const before = await takeDatabaseSnapshot(t.dataSource);
    const results = await sendInvalidRequests(t, watch, requests, tokens);
    const changes = snapshotDifferences(before, await takeDatabaseSnapshot(t.dataSource));

    const statuses = [...results.byStatus].sort(([a], [b]) => a - b).map(([status, count]) => `${status}: ${count}`);
    const findings = groupFindings(results.findings);
    const { singleFault } = results;
    console.log(
      [
        `Fuzz run: ${results.sent} invalid requests in ${(results.durationMs / 1000).toFixed(1)} s, seed ${SEED} (TESSERA_FUZZ_SEED), ${RUNS} asked (TESSERA_FUZZ_RUNS)`,
        `Operations covered: ${fuzzable.length} of ${operations.length}, ${perOperation} requests each`,
        `Swept besides: ${swept.length} requests with one fault of ${SWEPT_FAULT_KINDS.join(', ')} on every operation with a place for it`,
        ...(unreadable.length > 0
          ? [`Not fuzzed, reading no body, query or path parameter: ${unreadable.map((o) => `${o.apiInterface} ${o.key}`).join(', ')}`]
          : []),
        `Path parameters with a real id: ${pathNames.length - randomPathIds.length} of ${pathNames.length} (random hex for ${randomPathIds.join(', ') || 'none'})`,
        `Statuses: ${statuses.join(', ')}`,
        `Single-fault 400s naming the field of the fault: ${singleFault.named} of ${singleFault.refused}`,
        ...singleFault.unnamed
          .slice(0, 10)
          .map(
            ({ request, names }) =>
              `  ${request.operation.apiInterface} ${request.operation.key}: ${request.faults[0].kind} at ${request.faults[0].at} named ${names.join(', ')}`,
          ),
        `Findings: ${results.findings.length} in ${findings.length} groups`,
        ...findings,
        `400s for values only the database refused: ${results.refusedByDatabase.length}`,
        ...describeRefusedByDatabase(results.refusedByDatabase),
        `Database changes: ${changes.length === 0 ? 'none' : changes.join('; ')}`,
      ].join('\n'),
    );

    expect(results.sent).toBeGreaterThanOrEqual(RUNS);
    expect(findings).toEqual([]);
    expect(changes).toEqual([]);
    // Input limits run before any query: a value only PostgreSQL refused slipped past them.
    expect(describeRefusedByDatabase(results.refusedByDatabase)).toEqual([]);
    // The callers stay authorised all along, and most requests reach validation: a run that only met
    // 401s or 403s would prove nothing.
    expect(results.byStatus.get(401) ?? 0).toBe(0);
    expect(results.byStatus.get(400) ?? 0).toBeGreaterThan(results.sent / 2);
  }, 600_000);
});
