import { cliAuditActor } from '../modules/audit';
import { StampCardBlockingService, StamperCardState } from '../modules/stamper';
import { withAdminSession } from './admin-session';
import { CliIo } from './cli-io';
import { cliCommand } from './cli-command';

const setState =
  (state: StamperCardState, verb: string) =>
  async ([cardId]: string[], _options: unknown, io: CliIo) => {
    const card = await withAdminSession(io, ({ context }) =>
      context.get(StampCardBlockingService, { strict: false }).setState(cliAuditActor(`stamp-card ${verb}`), cardId, state),
    );
    io.stdout(`${state === StamperCardState.Blocked ? 'Blocked' : 'Unblocked'} stamp card ${card.stamper_card_id} (state ${card.state})\n`);
    return 0;
  };

/** `tessera stamp-card block|unblock`: a customer's stamp card, as the operator API's actions, audited as the OS user. */
export const stampCardCommand = cliCommand({
  block: setState(StamperCardState.Blocked, 'block'),
  unblock: setState(StamperCardState.Active, 'unblock'),
});
