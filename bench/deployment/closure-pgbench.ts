import { RecordedStatement } from '../statement-counter';

/** How the per-bill values of two recorded closures appear in the pgbench script. */
export interface BillVariables {
  /** The two bills' customer ids; pgbench takes `md5('<customerSeed>' || :c)` with `:c` random in 1..customers. */
  customerIds: [string, string];
  customerSeed: string;
  customers: number;
  /** The two bills' ids; pgbench takes `'pgbench-' || :k`, `:k` random for each transaction. */
  billIds: [string, string];
}

const ID = /^[0-9a-f]{32}$/;

/** A string literal; its colons escaped, as pgbench would take `:name` in a literal for a variable. */
function quoted(text: string): string {
  return `E'${text.replace(/\\/g, '\\\\').replace(/'/g, "''").replace(/:/g, '\\x3a')}'`;
}

/** An element of a PostgreSQL array literal. */
function arrayElement(value: unknown): string {
  if (value === null || value === undefined) return 'NULL';
  const text = typeof value === 'string' ? value : value instanceof Date ? value.toISOString() : JSON.stringify(value);
  return `"${text.replace(/\\/g, '\\\\').replace(/"/g, '\\"')}"`;
}

/** A constant parameter as the literal pg would have sent. */
function literal(value: unknown): string {
  if (value === null || value === undefined) return 'NULL';
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  if (value instanceof Date) return quoted(value.toISOString());
  if (Array.isArray(value)) return quoted(`{${value.map(arrayElement).join(',')}}`);
  return quoted(typeof value === 'string' ? value : JSON.stringify(value));
}

/**
 * A parameter as an expression of the transaction's variables: the customer and bill ids (also inside a
 * longer text, e.g. an advisory lock key), ids minted for the bill (differing between the two recordings),
 * alone or in arrays, each under one name wherever it recurs; anything else is a constant.
 */
function expression(first: unknown, second: unknown, bill: BillVariables, freshId: (id: string) => string): string {
  const customer = `md5(${quoted(bill.customerSeed)} || :c)`;
  const billId = `('pgbench-' || :k)`;
  if (typeof first === 'string') {
    for (const [known, replacement] of [
      [bill.customerIds[0], customer],
      [bill.billIds[0], billId],
    ] as const) {
      if (first === known) return replacement;
      if (first.includes(known) && typeof second === 'string') {
        return `(${first
          .split(known)
          .map((part) => quoted(part))
          .join(` || ${replacement} || `)})`;
      }
    }
    if (ID.test(first) && first !== second) return freshId(first);
  }
  if (
    Array.isArray(first) &&
    Array.isArray(second) &&
    first.some((element, i) => typeof element === 'string' && ID.test(element) && element !== second[i])
  ) {
    const elements = first.map((element, i) =>
      typeof element === 'string' && ID.test(element) && element !== second[i] ? freshId(element) : literal(element),
    );
    return `ARRAY[${elements.join(', ')}]::text[]`;
  }
  return literal(first);
}

/**
 * The statements as one pgbench client sends them: those the closure sends on other connections than its
 * transaction's (the products read before it) first, then the transaction's, each connection's in order.
 */
function inSequence(recorded: RecordedStatement[]): RecordedStatement[] {
  const transaction = recorded.find((statement) => /^(START TRANSACTION|BEGIN)/i.test(statement.text))?.connection;
  return [...recorded.filter((statement) => statement.connection !== transaction), ...recorded.filter((s) => s.connection === transaction)];
}

/**
 * A pgbench script that sends the closure's own statements, as two recordings of send-purchase (two bills
 * of two customers) show them, with the customer random among the bench's and every per-bill id fresh.
 */
export function closureScript(firstRecorded: RecordedStatement[], secondRecorded: RecordedStatement[], bill: BillVariables): string {
  const first = inSequence(firstRecorded);
  const second = inSequence(secondRecorded);
  if (first.length !== second.length || first.some((statement, i) => statement.text !== second[i].text)) {
    throw new Error('The two recorded closures sent different statements: no script can stand for both');
  }
  // An id minted for the bill keeps one name wherever it recurs (a point's id in its row and in the purchase's links).
  const freshIds = new Map<string, string>();
  const freshId = (id: string) => {
    if (!freshIds.has(id)) freshIds.set(id, `md5(:k || '-${freshIds.size}')`);
    return freshIds.get(id)!;
  };
  const lines = [`\\set c random(1, ${bill.customers})`, '\\set k random(1, 1000000000000000)'];
  first.forEach((statement, i) => {
    const text = statement.text.replace(/\s+/g, ' ').trim();
    const sql = text.replace(/\$(\d+)/g, (_, n: string) => {
      const index = Number(n) - 1;
      return `(${expression(statement.values[index], second[i].values[index], bill, freshId)})`;
    });
    lines.push(`${sql};`);
  });
  return `${lines.join('\n')}\n`;
}
