import { MAX_PAGE_SIZE } from '@tessera/http';
import { cliAuditActor } from '../modules/audit';
import { SegmentDefinitionDto, SegmentDefinitionRepository, SegmentMembership, type SegmentDefinitionView } from '../modules/segments';
import { withAdminSession } from './admin-session';
import { CliHandler, JsonOption, cliCommand } from './cli-command';
import { CliIo } from './cli-io';
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
  viewOnly: ['segment_id', 'state', 'last_change'],
});

const withMembership = <T>(io: CliIo, work: (membership: SegmentMembership) => Promise<T>) =>
  withAdminSession(io, ({ context }) => work(context.get(SegmentMembership, { strict: false })));

/** `add-members` and `remove-members`: the same audited writes as the operator API's, events and webhooks included. */
const changeMembers =
  (verb: 'add-members' | 'remove-members'): CliHandler =>
  async ([segmentKey, ...customerIds], _options, io) => {
    const actor = cliAuditActor(`segment ${verb}`);
    const change = await withMembership(io, (membership) =>
      verb === 'add-members' ? membership.add(actor, segmentKey, customerIds) : membership.remove(actor, segmentKey, customerIds),
    );
    io.stdout(`${verb === 'add-members' ? 'Added' : 'Removed'} ${change.changed} of ${change.requested} customers\n`);
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
