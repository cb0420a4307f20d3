import { cliAuditActor } from '../modules/audit';
import { HintAssignmentService, HintDefinitionDto, HintDefinitionRepository, HintState, type HintDefinitionView } from '../modules/hints';
import { withAdminSession } from './admin-session';
import { lifecycleCommand } from './lifecycle-command';

const STATE_NAMES: Record<number, string> = {
  [HintState.Deleted]: 'deactivated',
  [HintState.Active]: 'active',
  [HintState.Inactive]: 'inactive',
};

/** `tessera hint ...`: hints, which the API serves read-only as recommendations, and who they are assigned to. */
export const hintCommand = lifecycleCommand<HintDefinitionDto, HintDefinitionView>({
  name: 'hint',
  store: HintDefinitionRepository,
  file: {
    type: HintDefinitionDto,
    what: 'hint',
    example: {
      name: 'Try our winter menu',
      brief_description: 'Hot drinks are back',
      web_url: 'https://shop.example.com/winter',
      state: 1,
    },
  },
  // The name last, as it may hold spaces.
  columns: ['RECOMMENDATION ID', 'STATE', 'CUSTOMERS', 'NAME'],
  row: (hint) => [hint.recommendation_id, STATE_NAMES[hint.state], String(hint.customers), hint.name],
  viewOnly: ['recommendation_id', 'customers', 'last_change'],
  more: {
    assign: async ([hintId, ...customerIds], _options, io) => {
      const outcome = await withAdminSession(io, ({ context }) =>
        context.get(HintAssignmentService).assign(cliAuditActor('hint assign'), hintId, customerIds),
      );
      const already = outcome.already_assigned > 0 ? ` (${customers(outcome.already_assigned)} had it already)` : '';
      io.stdout(`Hint ${hintId} assigned to ${customers(outcome.assigned)}${already}\n`);
      return 0;
    },
    unassign: async ([hintId, ...customerIds], _options, io) => {
      const outcome = await withAdminSession(io, ({ context }) =>
        context.get(HintAssignmentService).unassign(cliAuditActor('hint unassign'), hintId, customerIds),
      );
      const notAssigned = outcome.not_assigned.length > 0 ? ` (not assigned to ${outcome.not_assigned.join(', ')})` : '';
      io.stdout(`Hint ${hintId} unassigned from ${customers(outcome.unassigned)}${notAssigned}\n`);
      return 0;
    },
  },
});

function customers(count: number): string {
  return `${count} customer${count === 1 ? '' : 's'}`;
}
