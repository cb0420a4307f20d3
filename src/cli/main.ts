import { DomainException, InvalidParam } from '@tessera/http';
import { ConfigError } from '../config/app-config';
import { serve, work } from '../server';
import { appCommand } from './app.command';
import { audienceCommand } from './audience.command';
import { campaignProductCommand } from './campaign-product.command';
import { campaignCommand } from './campaign.command';
import { CliIo, USAGE, UsageError } from './cli-args';
import { configCommand } from './config.command';
import { customerCommand } from './customer.command';
import { eventGroupCommand } from './event-group.command';
import { eventPropertyCommand } from './event-property.command';
import { eventTypeCommand } from './event-type.command';
import { hintCommand } from './hint.command';
import { engagementSetupCommand } from './engagement-setup.command';
import {
  bookingTicketPropertyCommand,
  partnerPropertyCommand,
  productPropertyCommand,
  taskPropertyCommand,
} from './property-catalogue.command';
import { bookingStatusCommand, bookingTicketCommand } from './booking.command';
import { loyaltyRulesCommand } from './loyalty-rules.command';
import { messageTemplateCommand } from './message-template.command';
import { migrateCommand } from './migrate.command';
import { purchasePropertyCommand } from './purchase-property.command';
import { recommendationsCommand } from './recommendations.command';
import {
  reservableProductCommand,
  reservationListTypeCommand,
  reservationPriceCommand,
  reservationSourceCommand,
} from './reservation.command';
import { rewardCommand } from './reward.command';
import { stamperCampaignCommand } from './stamper-campaign.command';
import { statusCommand } from './status.command';
import { userCommand } from './user.command';
import { taskStateCommand, taskTypeCommand } from './task-catalogue.command';
import { orderCommand } from './order.command';
import { entranceCommand } from './entrance.command';
import { webhookCommand } from './webhook.command';

const COMMANDS: Record<string, (args: string[], io: CliIo) => Promise<number>> = {
  app: appCommand,
  user: userCommand,
  customer: customerCommand,
  migrate: migrateCommand,
  config: configCommand,
  'loyalty-rules': loyaltyRulesCommand,
  status: statusCommand,
  reward: rewardCommand,
  recommendations: recommendationsCommand,
  'purchase-property': purchasePropertyCommand,
  hint: hintCommand,
  campaign: campaignCommand,
  'campaign-product': campaignProductCommand,
  audience: audienceCommand,
  'event-group': eventGroupCommand,
  'event-type': eventTypeCommand,
  'event-property': eventPropertyCommand,
  'partner-property': partnerPropertyCommand,
  'product-property': productPropertyCommand,
  'engagement-setup': engagementSetupCommand,
  'stamper-campaign': stamperCampaignCommand,
  'message-template': messageTemplateCommand,
  'task-type': taskTypeCommand,
  'task-state': taskStateCommand,
  'task-property': taskPropertyCommand,
  order: orderCommand,
  entrance: entranceCommand,
  'reservable-product': reservableProductCommand,
  'reservation-price': reservationPriceCommand,
  'reservation-source': reservationSourceCommand,
  'reservation-list-type': reservationListTypeCommand,
  'booking-status': bookingStatusCommand,
  'booking-ticket': bookingTicketCommand,
  'booking-ticket-property': bookingTicketPropertyCommand,
  webhook: webhookCommand,
};

/** Exit code 2 marks a bad command line, 1 a command that failed. */
const EXIT_FAILURE = 1;
const EXIT_USAGE = 2;

/**
 * Runs one `tessera` command and returns its exit code, or null for `serve` and `worker`, whose process
 * keeps running until a signal stops it (both read `process.env`, not `io.env`, as the server always does).
 */
export async function runCli(argv: string[], io: CliIo): Promise<number | null> {
  const [command, ...args] = argv;
  try {
    if (command === 'serve') {
      if (args.length > 0) throw new UsageError('serve takes no arguments');
      await serve();
      return null;
    }
    if (command === 'worker') {
      if (args.length > 0) throw new UsageError('worker takes no arguments');
      await work();
      return null;
    }
    const run = command ? COMMANDS[command] : undefined;
    if (!run) {
      if (command && command !== 'help') io.stderr(`Unknown command "${command}"\n\n`);
      io.stderr(USAGE);
      return EXIT_USAGE;
    }
    return await run(args, io);
  } catch (error) {
    if (error instanceof UsageError) {
      io.stderr(`${error.message}\n`);
      if (error.showUsage) io.stderr(`\n${USAGE}`);
      return EXIT_USAGE;
    }
    io.stderr(`Error: ${describeError(error)}\n`);
    return EXIT_FAILURE;
  }
}

function describeError(error: unknown): string {
  if (error instanceof DomainException) {
    const body = error.toApiError().body;
    const params = body.error_data?.invalid_params as InvalidParam[] | undefined;
    return params?.length ? params.map((p) => `${p.name}: ${p.message}`).join('\n       ') : body.detail;
  }
  if (error instanceof ConfigError) return `configuration: ${error.message}`;
  return error instanceof Error ? error.message : String(error);
}

/** Entry point of `bin/tessera.js`. */
export function main(): void {
  const io: CliIo = {
    stdout: (text) => process.stdout.write(text),
    stderr: (text) => process.stderr.write(text),
    env: process.env,
  };
  void runCli(process.argv.slice(2), io).then((code) => {
    // Exit explicitly: pools and timers of finished commands must not keep the process alive.
    if (code !== null) process.exit(code);
  });
}
