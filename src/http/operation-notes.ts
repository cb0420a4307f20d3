import type { OperationObject, ParameterObject } from '@nestjs/swagger';
import { ApiInterface } from '@tessera/http';
import { operationKindOf } from '../modules/auth';

/** What every operation's description ends with, derived from the rules that really apply to it. */
export interface OperationFacts {
  apiInterface: ApiInterface;
  /** `GET /customers/{customer_id}`: the method and the path under the interface's base path. */
  key: string;
  operation: OperationObject;
  isPublic: boolean;
  requiresCustomer: boolean;
}

const EFFECTS = {
  read: 'Changes nothing.',
  session: 'Opens, renews or ends a session (a token or a login).',
  'value-movement': "Moves value (points, credits or vouchers) and records it in the customer's history.",
  'customer-data': "Changes a customer's data.",
  'project-write': "Changes the project's own records or settings, shared by every customer.",
} as const;

/**
 * The handler's own description followed by the facts the server's rules fix for the operation:
 * what it changes, what the caller needs, how a list pages and which record a 404 reports.
 */
export function operationDescription(facts: OperationFacts): string {
  const [method, path] = facts.key.split(' ');
  const notes = [EFFECTS[operationKindOf(method, path)], access(facts)];
  const query = ((facts.operation.parameters ?? []) as ParameterObject[]).filter((parameter) => parameter.in === 'query');
  if (query.some((parameter) => parameter.name === 'count') && query.some((parameter) => parameter.name === 'offset'))
    notes.push('A list: `count` and `offset` choose the page, and the answer says how many records there are in all.');
  const named = path.match(/\{[a-z_]+\}/g);
  if (named)
    notes.push(`Answers 404 when a record the path names (${named.map((name) => `\`${name.slice(1, -1)}\``).join(', ')}) does not exist.`);
  const own = facts.operation.description?.trim();
  return [own, notes.join(' ')].filter(Boolean).join('\n\n');
}

function access({ apiInterface, isPublic, requiresCustomer }: OperationFacts): string {
  if (isPublic) return 'Needs no bearer token.';
  if (apiInterface === ApiInterface.Enterprise)
    return "Needs an API user's bearer token, and the external application's permissions must include the operation.";
  return requiresCustomer
    ? 'Needs a device token with a customer logged in on it; works on that customer only.'
    : 'Needs a device token; no customer has to be logged in.';
}
