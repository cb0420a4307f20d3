import { cliAuditActor } from '../modules/audit';
import { AudienceDefinitionDto, AudienceDefinitionRepository, type AudienceDefinitionView } from '../modules/campaigns';
import { MailingService, type MailingReport } from '../modules/messaging';
import { withAdminSession } from './admin-session';
import { CliHandler, JsonOption, cliCommand } from './cli-command';
import { CliIo } from './cli-io';
import { lifecycleCommand } from './lifecycle-command';
import { formatRows } from './text-table';

const lifecycle = lifecycleCommand<AudienceDefinitionDto, AudienceDefinitionView>({
  name: 'audience',
  store: AudienceDefinitionRepository,
  file: { type: AudienceDefinitionDto, what: 'audience', example: { name: 'Newsletter readers', communication_channel_id: 'email' } },
  // The name last, as it may hold spaces.
  columns: ['AUDIENCE ID', 'STATE', 'CHANNEL', 'NAME'],
  row: (audience) => [
    audience.audience_id,
    audience.state === 0 ? 'deactivated' : 'active',
    audience.communication_channel_text_id,
    audience.name,
  ],
  viewOnly: ['audience_id', 'communication_channel_text_id', 'state', 'last_change', 'member_count'],
});

const withMailings = <T>(io: CliIo, work: (mailings: MailingService) => Promise<T>) =>
  withAdminSession(io, ({ context }) => work(context.get(MailingService, { strict: false })));

/** A mailing's counts, one a line, or the operator API's JSON. */
function printMailing(report: MailingReport, options: JsonOption, io: CliIo): number {
  if (options.json) {
    io.stdout(`${JSON.stringify(report)}\n`);
    return 0;
  }
  const { delivery } = report;
  const rows = [
    ['mailing', report.mailing_id],
    ['members', String(report.member_count)],
    ['skipped without consent', String(report.skipped_without_consent)],
    ['skipped without contact', String(report.skipped_without_contact)],
    ['queued', String(report.queued_count)],
    ['waiting', String(delivery.waiting)],
    ['sent', String(delivery.sent)],
    ['failed', String(delivery.failed)],
    ['bounced', String(delivery.bounced)],
    ['opened', String(delivery.opened)],
  ];
  io.stdout(formatRows(['WHAT', 'COUNT'], rows, false, io.terminalColumns));
  return 0;
}

/** `send-message AUDIENCE_ID TEMPLATE_ID`: the operator API's `POST /mailings`, audited the same way. */
const sendMessage: CliHandler<JsonOption> = async ([audienceId, templateId], options, io) => {
  const report = await withMailings(io, (mailings) =>
    mailings.send(cliAuditActor('audience send-message'), { audience_id: audienceId, message_template_id: templateId }),
  );
  return printMailing(report, options, io);
};

/** `mailing MAILING_ID`: a mailing's counts and its messages by their state now. */
const showMailing: CliHandler<JsonOption> = async ([mailingId], options, io) =>
  printMailing(await withMailings(io, (mailings) => mailings.report(mailingId)), options, io);

/** `tessera audience ...`: audiences, which the Enterprise interface only reads, and the templates sent to them. */
export const audienceCommand = cliCommand(
  { ...lifecycle.handlers, 'send-message': sendMessage, mailing: showMailing },
  lifecycle.definition,
);
