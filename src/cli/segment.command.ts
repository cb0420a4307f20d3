import { readFile } from 'node:fs/promises';
import { text as readStream } from 'node:stream/consumers';
import { MAX_PAGE_SIZE } from '@tessera/http';
import { cliAuditActor } from '../modules/audit';
import { SegmentDefinitionDto, SegmentDefinitionRepository, SegmentMembership, type SegmentDefinitionView } from '../modules/segments';
import { withAdminSession } from './admin-session';
import { CliHandler, JsonOption, cliCommand } from './cli-command';
import { CliIo, UsageError } from './cli-io';
import { lifecycleCommand } from './lifecycle-command';
import { formatRows } from './text-table';

const lifecycle = lifecycleCommand<SegmentDefinitionDto, SegmentDefinitionView>({
  name: 'segment',
  store: SegmentDefinitionRepository,
  file: {
    type: SegmentDefinitionDto,
    what: 'segment',
    example: { name: 'Runners', segment_group_id: 'lifestyle', note: 'Customers who bought running shoes this year', priority: 10 },
  },
  columns: ['SEGMENT ID', 'STATE', 'GROUP', 'NAME'],
  row: (segment) => [segment.segment_id, String(segment.state), segment.segment_group_id ?? '', segment.name],
  viewOnly: ['segment_id', 'state', 'last_change', 'evaluated_at'],
});

const withMembership = <T>(io: CliIo, work: (membership: SegmentMembership) => Promise<T>) =>
  withAdminSession(io, ({ context }) => work(context.get(SegmentMembership, { strict: false })));

/** Customer ids from a file (`-`: standard input), one per line or separated by spaces or commas, as a CSV column gives them. */
async function idsOfFile(file: string, io: CliIo): Promise<string[]> {
  let content: string;
  try {
    content = file === '-' ? await (io.stdin ? io.stdin() : readStream(process.stdin)) : await readFile(file, 'utf8');
  } catch (error) {
    throw new UsageError(`Cannot read ${file}: ${(error as Error).message}`, false);
  }
  return [...new Set(content.split(/[\s,;]+/).filter(Boolean))];
}

/** Members change at most this many per call, as the operator API takes them. */
const MEMBER_BATCH = 1000;

/**
 * `add-members` and `remove-members` (ids as arguments, or `--file`): the same audited writes as the
 * operator API's, events and webhooks included, a thousand customers per call.
 */
const changeMembers =
  (verb: 'add-members' | 'remove-members'): CliHandler<{ file?: string }> =>
  async ([segmentKey, ...named], options, io) => {
    const customerIds = [...new Set([...named, ...(options.file ? await idsOfFile(options.file, io) : [])])];
    if (customerIds.length === 0) throw new UsageError('Name the customers, or give --file', true);
    const actor = cliAuditActor(`segment ${verb}`);
    const changed = await withMembership(io, async (membership) => {
      let count = 0;
      for (let start = 0; start < customerIds.length; start += MEMBER_BATCH) {
        const batch = customerIds.slice(start, start + MEMBER_BATCH);
        const change =
          verb === 'add-members' ? await membership.add(actor, segmentKey, batch) : await membership.remove(actor, segmentKey, batch);
        count += change.changed;
      }
      return count;
    });
    io.stdout(`${verb === 'add-members' ? 'Added' : 'Removed'} ${changed} of ${customerIds.length} customers\n`);
    return 0;
  };

/** `members [--json]`: every member of the segment, the longest-standing first. */
const listMembers: CliHandler<JsonOption> = async ([segmentKey], options, io) => {
  const members = await withMembership(io, async (membership) => {
    const all = [];
    for (let offset = 0; ; offset += MAX_PAGE_SIZE) {
      const page = await membership.list(segmentKey, { limit: MAX_PAGE_SIZE, offset, sortDirection: 'ASC' });
      all.push(...page.items);
      if (offset + MAX_PAGE_SIZE >= page.total) return all;
    }
  });
  const rows = members.map((member) => [member.customer_id, member.created_at]);
  io.stdout(options.json ? `${JSON.stringify(members)}\n` : formatRows(['CUSTOMER ID', 'JOINED'], rows, false, io.terminalColumns));
  return 0;
};

/** `tessera segment ...`: segments, and the customers in each. */
export const segmentCommand = cliCommand(
  {
    ...lifecycle.handlers,
    members: listMembers,
    'add-members': changeMembers('add-members'),
    'remove-members': changeMembers('remove-members'),
  },
  lifecycle.definition,
);
