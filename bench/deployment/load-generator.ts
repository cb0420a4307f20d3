import autocannon from 'autocannon';

/**
 * The load generator of the deployment rows, run as a process of its own (`node load-generator.js`, the plan as JSON on standard input)
 * so it shares no event loop and no core scheduling with the server it loads. It loads the plan's URL for
 * a warm-up and then for the measured run, and prints the measured run as one JSON line.
 */
export interface LoadPlan {
  url: string;
  method: 'GET' | 'POST';
  headers: Record<string, string>;
  /** A fixed body; or, with `purchases`, the template each request gets a fresh bill id and the next customer in. */
  body?: string;
  purchases?: { customerIds: string[]; billPrefix: string };
  /** Paths taken in turn on the URL's origin (one resource after another), instead of the URL's own. */
  paths?: string[];
  connections: number;
  warmUpSeconds: number;
  seconds: number;
}

export interface LoadResult {
  requestsPerSecond: number;
  p50: number;
  p99: number;
  non2xx: number;
  statuses: string;
}

interface PurchaseBody {
  customer_id: string;
  bill: { bill_id: string };
}

function fire(plan: LoadPlan, seconds: number, phase: string): Promise<autocannon.Result> {
  const { purchases } = plan;
  let sent = 0;
  const template = purchases && plan.body ? (JSON.parse(plan.body) as PurchaseBody) : undefined;
  const { paths } = plan;
  const requests: autocannon.Request[] | undefined = paths
    ? [{ setupRequest: (request) => ({ ...request, path: paths[sent++ % paths.length] }) }]
    : purchases && template
      ? [
          {
            setupRequest: (request) => {
              const k = sent++;
              template.customer_id = purchases.customerIds[k % purchases.customerIds.length];
              template.bill.bill_id = `${purchases.billPrefix}-${phase}-${k}`;
              return { ...request, body: JSON.stringify(template) };
            },
          },
        ]
      : undefined;
  return autocannon({
    url: plan.url,
    method: plan.method,
    headers: plan.headers,
    body: requests ? undefined : plan.body,
    requests,
    connections: plan.connections,
    duration: seconds,
  });
}

async function main(): Promise<void> {
  let input = '';
  for await (const chunk of process.stdin) input += String(chunk);
  const plan = JSON.parse(input) as LoadPlan;
  await fire(plan, plan.warmUpSeconds, 'warm-up');
  const result = await fire(plan, plan.seconds, 'run');
  const statuses = Object.entries(result.statusCodeStats ?? {}).map(([code, stat]) => `${code}:${stat.count ?? 0}`);
  if (result.errors > 0) statuses.push(`errors:${result.errors}`);
  const measured: LoadResult = {
    requestsPerSecond: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    non2xx: result.non2xx,
    statuses: statuses.join(' '),
  };
  process.stdout.write(`${JSON.stringify(measured)}\n`);
}

if (require.main === module) {
  main().then(
    () => process.exit(0),
    (error: unknown) => {
      process.stderr.write(`${error instanceof Error ? error.stack : String(error)}\n`);
      process.exit(1);
    },
  );
}
