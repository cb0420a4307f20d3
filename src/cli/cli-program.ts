import { Argument, Command, Option } from 'commander';
import type { CliCommandModule } from './cli-command';
import { CliIo, UsageError } from './cli-io';

/** Exit codes: 0 success, 1 the command failed, 2 a bad command line. */
export const EXIT_FAILURE = 1;
export const EXIT_USAGE = 2;

const EXIT_CODES_HELP = 'Exit codes: 0 success, 1 the command failed, 2 a bad command line (unknown command or option, missing argument).';
const FILE_ARGUMENT = 'a JSON file, or - for standard input';
/** Help is wrapped to the terminal; this wide when it is not one. */
const DEFAULT_HELP_WIDTH = 100;

/**
 * Loads a command's module. Only the command that runs is loaded, so `--help` and light commands
 * (config) start without Nest and TypeORM.
 */
type ModuleLoader = () => Promise<CliCommandModule>;

/** What a run of the program leaves behind: null for `serve` and `worker`, which keep running. */
export interface ProgramRun {
  exitCode: number | null;
}

/** The `tessera` command tree, writing to `io`; a fresh one per run, as commander keeps parsed values on it. */
export function cliProgram(io: CliIo, run: ProgramRun): Command {
  const helpWidth = () => io.terminalColumns ?? DEFAULT_HELP_WIDTH;
  const program = new Command('tessera')
    .usage('<command> [options]')
    .description('Tessera: a self-hostable loyalty and customer data platform server (CareCloud REST API), and its admin commands.')
    // Set before the subcommands are added, which copy these settings from their parent.
    .exitOverride()
    .configureOutput({
      writeOut: (text) => io.stdout(text),
      writeErr: (text) => io.stderr(text),
      getOutHelpWidth: helpWidth,
      getErrHelpWidth: helpWidth,
    })
    .showSuggestionAfterError()
    .showHelpAfterError();
  const leaf = leafFactory(io, run);

  program.commandsGroup('Server:');
  examples(
    program
      .command('serve')
      .description('Start the server (HTTPS API and the documentation), until a signal stops it')
      .action(async () => {
        await (await import('../server')).serve();
        run.exitCode = null;
      }),
    ['tessera serve', 'PORT=9443 tessera serve'],
  );
  examples(
    program
      .command('worker')
      .description('Send webhooks and queued messages, without serving HTTP, until a signal stops it')
      .action(async () => {
        await (await import('../server')).work();
        run.exitCode = null;
      }),
    ['tessera worker'],
  );
  const migrate = () => import('./migrate.command').then((m) => m.migrateCommand);
  examples(
    program.command('migrate').description('Apply database migrations and ensure project defaults').action(leaf(migrate, 'migrate')),
    ['tessera migrate'],
  );
  configCommand(program.command('config').description('Settings: where each comes from, and saving them'), leaf);
  completionCommand(program, io, run);

  program.commandsGroup('Access:');
  lifecycleKind(program, leaf, {
    name: 'app',
    description: 'External applications and the operations each may call',
    load: () => import('./app.command').then((m) => m.appCommand),
    noun: 'application',
    key: 'ID|TEXT_ID',
    listed: 'id, interface, text id, state, name',
    more: appVerbs,
  });
  userCommand(program.command('user').description('API users: the Enterprise interface and the operator API'), leaf);
  roleCommand(program.command('role').description('User roles and the operator API permissions each grants'), leaf);
  auditCommand(program.command('audit').description('The audit trail of operator writes'), leaf);
  examples(
    program
      .command('figures')
      .description('Programme figures per day, week or month: customers, purchases, turnover, points and their liability, vouchers')
      .requiredOption('--from <DATE>', 'first day, YYYY-MM-DD')
      .requiredOption('--to <DATE>', 'last day, YYYY-MM-DD (included)')
      .addOption(new Option('--granularity <PERIOD>', 'one row per').choices(['day', 'week', 'month']).default('day'))
      .option('--store <STORE_ID>', 'only this store')
      .addOption(jsonOption())
      .action(leaf(() => import('./figures.command').then((m) => m.figuresCommand), 'show')),
    ['tessera figures --from 2026-11-01 --to 2026-11-30', 'tessera figures --from 2026-01-01 --to 2026-12-31 --granularity month --json'],
  );
  customerCommand(
    program.command('customer').description('Customers: finding them, their whole picture, corrections and privacy requests'),
    leaf,
  );

  program.commandsGroup('Catalogue:');
  lifecycleKind(program, leaf, {
    name: 'tag',
    description: 'Product and reward tags',
    load: () => import('./tag.command').then((m) => m.tagCommand),
    noun: 'tag',
    key: 'ID|TEXT_ID',
    listed: 'text id, id, state, names',
  });

  program.commandsGroup('Reference data:');
  lifecycleKind(program, leaf, {
    name: 'partner',
    description: 'Partners: the companies of the loyalty programme',
    load: () => import('./partner.command').then((m) => m.partnerCommand),
    noun: 'partner',
    key: 'ID',
    listed: 'id, state, name, VAT id',
  });
  lifecycleKind(program, leaf, {
    name: 'store',
    description: 'Stores, their partner, POS system and store groups',
    load: () => import('./store.command').then((m) => m.storeCommand),
    noun: 'store',
    key: 'ID|STORE_CODE',
    listed: 'store code, id, state, partner, name',
  });
  lifecycleKind(program, leaf, {
    name: 'communication-channel',
    description: 'The channels messages travel by (their codes are fixed), and those audiences and consents name',
    load: () => import('./communication-channel.command').then((m) => m.communicationChannelCommand),
    noun: 'communication channel',
    key: 'ID|TEXT_ID',
    listed: 'text id, id, code, state, name',
  });
  lifecycleKind(program, leaf, {
    name: 'store-group',
    description: 'Store groups, which stores join in their own definition',
    load: () => import('./store-group.command').then((m) => m.storeGroupCommand),
    noun: 'store group',
    key: 'ID',
    listed: 'id, state, name',
  });

  program.commandsGroup('Customers:');
  lifecycleKind(program, leaf, {
    name: 'customer-property',
    description: 'The custom fields of customers',
    load: () => import('./customer-property.command').then((m) => m.customerPropertyCommand),
    noun: 'customer property',
    key: 'PROPERTY_ID',
    listed: 'id, data type, state, items, name',
  });
  lifecycleKind(program, leaf, {
    name: 'interest',
    description: 'What customers may declare an interest in',
    load: () => import('./interest.command').then((m) => m.interestCommand),
    noun: 'interest',
    key: 'ID',
    listed: 'id, state, name',
  });
  lifecycleKind(program, leaf, {
    name: 'agreement',
    description: 'The consents customers give or withdraw',
    load: () => import('./agreement.command').then((m) => m.agreementCommand),
    noun: 'agreement',
    key: 'ID|TEXT_ID',
    listed: 'text id, id, state, name',
  });
  lifecycleKind(program, leaf, {
    name: 'customer-type',
    description: 'The customer types rewards and campaign products are offered to',
    load: () => import('./customer-type.command').then((m) => m.customerTypeCommand),
    noun: 'customer type',
    key: 'ID|TEXT_ID',
    listed: 'text id, id, state, name',
  });
  lifecycleKind(program, leaf, {
    name: 'customer-source',
    description: 'Where customers come from',
    load: () => import('./customer-source.command').then((m) => m.customerSourceCommand),
    noun: 'customer source',
    key: 'ID|TEXT_ID',
    listed: 'text id, id, state, name',
  });
  lifecycleKind(program, leaf, {
    name: 'customer-relation-type',
    description: 'The kinds of relation between customer accounts',
    load: () => import('./customer-relation-type.command').then((m) => m.customerRelationTypeCommand),
    noun: 'customer relation type',
    key: 'ID',
    listed: 'id, state, name',
  });
  lifecycleKind(program, leaf, {
    name: 'customer-address-type',
    description: 'The kinds of additional customer address',
    load: () => import('./customer-address-type.command').then((m) => m.customerAddressTypeCommand),
    noun: 'customer address type',
    key: 'ID',
    listed: 'id, state, name',
  });
  lifecycleKind(program, leaf, {
    name: 'segment-group',
    description: 'The groups segments sit in',
    load: () => import('./segment-group.command').then((m) => m.segmentGroupCommand),
    noun: 'segment group',
    key: 'ID|TEXT_ID',
    listed: 'text id, id, state, parent, name',
  });
  lifecycleKind(program, leaf, {
    name: 'segment',
    description: 'Segments, and the customers in each',
    load: () => import('./segment.command').then((m) => m.segmentCommand),
    noun: 'segment',
    key: 'ID',
    listed: 'id, state, group, name',
    more: (segment, load) => {
      examples(
        segment
          .command('members')
          .description("Show a segment's members: customer id, when they joined")
          .argument('<ID>', 'the segment')
          .addOption(jsonOption())
          .action(leaf(load, 'members')),
        ['tessera segment members SEGMENT_ID', 'tessera segment members SEGMENT_ID --json'],
      );
      for (const [name, description] of [
        ['add-members', 'Add customers to a segment; those already in are counted, not refused'],
        ['remove-members', 'Remove customers from a segment; those not in it are counted, not refused'],
      ]) {
        examples(
          segment
            .command(name)
            .description(description)
            .argument('<ID>', 'the segment')
            .argument('[CUSTOMER_ID...]', 'one or more customers')
            .option('--file <FILE>', 'customer ids from a file, one a line (- for standard input)')
            .action(leaf(load, name)),
          [`tessera segment ${name} SEGMENT_ID CUSTOMER_ID_1 CUSTOMER_ID_2`, `tessera segment ${name} SEGMENT_ID --file customers.txt`],
        );
      }
    },
  });

  program.commandsGroup('Loyalty:');
  loyaltyRulesCommand(program.command('loyalty-rules').description('Loyalty rules per project, partner or store'), leaf);
  lifecycleKind(program, leaf, {
    name: 'status',
    description: 'Status tiers, their qualification and point rights',
    load: () => import('./status.command').then((m) => m.statusCommand),
    noun: 'status',
    key: 'ID|TEXT_ID',
    listed: 'text id, id, name, qualification, period, turnover, points, point rights, state',
    more: (status, load) => statusShortcuts(status, load, leaf),
  });
  lifecycleKind(program, leaf, {
    name: 'card-type',
    description: 'Loyalty card types, exactly one of them the default',
    load: () => import('./card-type.command').then((m) => m.cardTypeCommand),
    noun: 'card type',
    key: 'ID|TEXT_ID',
    listed: 'text id, id, state, default, prefix, name',
  });
  lifecycleKind(program, leaf, {
    name: 'earning-rule',
    description: 'Earning rules: what purchases and events earn beyond points_per_currency_unit',
    load: () => import('./earning-rule.command').then((m) => m.earningRuleCommand),
    noun: 'earning rule',
    key: 'ID|CODE',
    listed: 'code, id, state, priority, stacking, effects, name',
    more: (rule, load) =>
      examples(
        rule
          .command('simulate')
          .description('Show what a bill and a customer in a JSON file would earn under the active rules and its draft_rules')
          .argument('<FILE>', FILE_ARGUMENT)
          .action(leaf(load, 'simulate')),
        ['tessera earning-rule simulate bill.json'],
      ),
  });
  lifecycleKind(program, leaf, {
    name: 'point-type',
    description: 'The kinds of points customers hold, exactly one of them the default',
    load: () => import('./loyalty-type.command').then((m) => m.pointTypeCommand),
    noun: 'point type',
    key: 'ID',
    listed: 'id, state, default, name',
  });
  lifecycleKind(program, leaf, {
    name: 'credit-type',
    description: 'The kinds of credits customers hold, exactly one of them the default',
    load: () => import('./loyalty-type.command').then((m) => m.creditTypeCommand),
    noun: 'credit type',
    key: 'ID',
    listed: 'id, state, default, currency, name',
  });
  lifecycleKind(program, leaf, {
    name: 'reward',
    description: 'Rewards of every group and kind',
    load: () => import('./reward.command').then((m) => m.rewardCommand),
    noun: 'reward',
    key: 'ID|CODE',
    listed: 'code, id, group, type id, points, validity, state',
  });
  lifecycleKind(program, leaf, {
    name: 'reward-type',
    description: 'The types rewards are given, each of a kind the rules apply',
    load: () => import('./loyalty-type.command').then((m) => m.rewardTypeCommand),
    noun: 'reward type',
    key: 'ID|TEXT_ID',
    listed: 'text id, id, state, kind, name',
  });
  lifecycleKind(program, leaf, {
    name: 'stamper-campaign',
    description: 'Stamp card campaigns, which the API serves read-only',
    load: () => import('./stamper-campaign.command').then((m) => m.stamperCampaignCommand),
    noun: 'stamper campaign',
    key: 'ID',
    listed: 'id, state, stamps, repetitions, conditions, cards, validity, name',
  });
  stampCardCommand(program.command('stamp-card').description("Customers' stamp cards: blocking and unblocking one"), leaf);
  lifecycleKind(program, leaf, {
    name: 'hint',
    description: 'Hints, which the API serves read-only as recommendations',
    load: () => import('./hint.command').then((m) => m.hintCommand),
    noun: 'hint',
    key: 'ID',
    listed: 'id, state, customers assigned, name',
    more: (hint, load) => {
      for (const [name, description] of [
        ['assign', 'Assign a hint to customers'],
        ['unassign', 'Take a hint from customers'],
      ]) {
        examples(
          hint
            .command(name)
            .description(description)
            .argument('<HINT_ID>', 'the hint')
            .argument('<CUSTOMER_ID...>', 'one or more customers')
            .action(leaf(load, name)),
          [`tessera hint ${name} HINT_ID CUSTOMER_ID_1 CUSTOMER_ID_2`],
        );
      }
    },
  });
  recommendationsCommand(program.command('recommendations').description('The product recommendation engine'), leaf);

  program.commandsGroup('Campaigns:');
  lifecycleKind(program, leaf, {
    name: 'campaign',
    description: 'Campaigns, which the API also creates but never changes',
    load: () => import('./campaign.command').then((m) => m.campaignCommand),
    noun: 'campaign',
    key: 'ID',
    listed: 'id, state, parent, external id, name',
  });
  lifecycleKind(program, leaf, {
    name: 'campaign-product',
    description: 'Campaign products and the stores they apply in',
    load: () => import('./campaign-product.command').then((m) => m.campaignProductCommand),
    noun: 'campaign product',
    key: 'ID',
    listed: 'id, state, campaign, product, value, validity, stores, name',
  });
  lifecycleKind(program, leaf, {
    name: 'audience',
    description: 'Audiences, which the Enterprise interface only reads, and the templates sent to them',
    load: () => import('./audience.command').then((m) => m.audienceCommand),
    noun: 'audience',
    key: 'ID',
    listed: 'id, state, channel, name',
    more: (audience, load) => {
      examples(
        audience
          .command('send-message')
          .description("Send a message template to the audience's members who consented to its channel; prints the counts")
          .argument('<ID>', 'the audience')
          .argument('<TEMPLATE_ID>', "an active message template for the audience's channel")
          .addOption(jsonOption())
          .action(leaf(load, 'send-message')),
        ['tessera audience send-message AUDIENCE_ID TEMPLATE_ID'],
      );
      examples(
        audience
          .command('mailing')
          .description('Show a mailing: its counts and its messages by their state now')
          .argument('<MAILING_ID>', 'the mailing send-message printed')
          .addOption(jsonOption())
          .action(leaf(load, 'mailing')),
        ['tessera audience mailing MAILING_ID', 'tessera audience mailing MAILING_ID --json'],
      );
    },
  });
  lifecycleKind(program, leaf, {
    name: 'message-template',
    description: 'Message templates the API lists and messages are rendered from',
    load: () => import('./message-template.command').then((m) => m.messageTemplateCommand),
    noun: 'message template',
    key: 'ID',
    listed: 'id, state, channel, group, purpose, name',
  });
  lifecycleKind(program, leaf, {
    name: 'webhook',
    description: 'Webhook subscriptions to customer events',
    load: () => import('./webhook.command').then((m) => m.webhookCommand),
    noun: 'webhook',
    key: 'ID',
    listed: 'id, state, event types, failing since, URL',
    more: webhookVerbs,
  });

  program.commandsGroup('Events:');
  lifecycleKind(program, leaf, {
    name: 'event-group',
    description: 'The groups event types belong to',
    load: () => import('./event-group.command').then((m) => m.eventGroupCommand),
    noun: 'event group',
    key: 'ID|TEXT_ID',
    listed: 'id, text id, state, types, name',
  });
  lifecycleKind(program, leaf, {
    name: 'event-type',
    description: 'Kinds of customer event and the properties each allows',
    load: () => import('./event-type.command').then((m) => m.eventTypeCommand),
    noun: 'event type',
    key: 'ID|TEXT_ID',
    listed: 'id, text id, group, state, icon, properties, name',
  });
  lifecycleKind(program, leaf, {
    name: 'event-property',
    description: 'The properties events may carry values of',
    load: () => import('./event-property.command').then((m) => m.eventPropertyCommand),
    noun: 'event property',
    key: 'PROPERTY_ID',
    listed: 'id, data type, required, unique, state, types, items, name',
  });
  lifecycleKind(program, leaf, {
    name: 'engagement-setup',
    description: 'Setups of the web tracking script',
    load: () => import('./engagement-setup.command').then((m) => m.engagementSetupCommand),
    noun: 'engagement setup',
    key: 'ID',
    listed: 'id, state, setup',
  });

  program.commandsGroup('Catalogues:');
  lifecycleKind(program, leaf, {
    name: 'purchase-property',
    description: 'The custom fields of purchases',
    load: () => import('./purchase-property.command').then((m) => m.purchasePropertyCommand),
    noun: 'purchase property',
    key: 'PROPERTY_ID',
    listed: 'id, data type, required, unique, state, items, name',
  });
  lifecycleKind(program, leaf, {
    name: 'purchase-item-property',
    description: 'The custom fields of purchase items (bill lines)',
    load: () => import('./purchase-property.command').then((m) => m.purchaseItemPropertyCommand),
    noun: 'purchase item property',
    key: 'PROPERTY_ID',
    listed: 'id, data type, required, unique, state, items, name',
  });
  lifecycleKind(program, leaf, {
    name: 'payment-type',
    description: 'Payment types beside the built-in S, A, C and D, which stay as they are',
    load: () => import('./payment-type.command').then((m) => m.paymentTypeCommand),
    noun: 'payment type',
    key: 'ID',
    listed: 'id, state, points, discounts, credits, name',
  });
  lifecycleKind(program, leaf, {
    name: 'purchase-type',
    description: 'Purchase types tills name',
    load: () => import('./purchase-type.command').then((m) => m.purchaseTypeCommand),
    noun: 'purchase type',
    key: 'ID|TEXT_ID',
    listed: 'text id, id, state, name',
  });
  lifecycleKind(program, leaf, {
    name: 'purchase-item-type',
    description: 'Purchase item types and what loyalty does with their items',
    load: () => import('./purchase-type.command').then((m) => m.purchaseItemTypeCommand),
    noun: 'purchase item type',
    key: 'ID|TEXT_ID',
    listed: 'text id, id, state, name',
  });
  for (const [name, holders, load] of [
    ['partner-property', 'partners', () => import('./property-catalogue.command').then((m) => m.partnerPropertyCommand)],
    ['product-property', 'products', () => import('./property-catalogue.command').then((m) => m.productPropertyCommand)],
    ['task-property', 'tasks', () => import('./property-catalogue.command').then((m) => m.taskPropertyCommand)],
    [
      'booking-ticket-property',
      'booking tickets',
      () => import('./property-catalogue.command').then((m) => m.bookingTicketPropertyCommand),
    ],
    ['store-property', 'stores', () => import('./property-catalogue.command').then((m) => m.storePropertyCommand)],
    ['reward-property', 'rewards', () => import('./property-catalogue.command').then((m) => m.rewardPropertyCommand)],
    ['voucher-property', 'vouchers', () => import('./property-catalogue.command').then((m) => m.voucherPropertyCommand)],
  ] as const) {
    lifecycleKind(program, leaf, {
      name,
      description: `The custom fields of ${holders}`,
      load,
      noun: name.replace(/-/g, ' '),
      key: 'PROPERTY_ID',
      listed: 'id, data type, required, unique, state, items, name',
    });
  }
  lifecycleKind(program, leaf, {
    name: 'task-type',
    description: 'The kinds of task',
    load: () => import('./task-catalogue.command').then((m) => m.taskTypeCommand),
    noun: 'task type',
    key: 'ID|TEXT_ID',
    listed: 'id, text id, state, name',
  });
  lifecycleKind(program, leaf, {
    name: 'task-state',
    description: 'The steps of the task workflow; is_final: tasks in a final state never leave it',
    load: () => import('./task-catalogue.command').then((m) => m.taskStateCommand),
    noun: 'task state',
    key: 'ID|TEXT_ID',
    listed: 'id, text id, state, final, name',
  });

  program.commandsGroup('Sales and bookings:');
  examples(
    program
      .command('order')
      .description('Orders')
      .command('move')
      .description('Move an order to a status its status table allows (processing, shipped, delivered, cancelled, returned)')
      .argument('<ORDER_ID>', 'the order')
      .argument('<STATUS>', 'the status to move it to')
      .action(leaf(() => import('./order.command').then((m) => m.orderCommand), 'move')),
    ['tessera order move ORDER_ID shipped'],
  );
  entranceCommand(program.command('entrance').description('Charged entrances, which the API reads and partly updates'), leaf);
  lifecycleKind(program, leaf, {
    name: 'reservable-product',
    description: 'Which products can be reserved, and their stock',
    load: () => import('./reservation.command').then((m) => m.reservableProductCommand),
    noun: 'reservable product',
    key: 'PRODUCT_ID|CODE',
    listed: 'product id, state, stock left, code, name',
  });
  lifecycleKind(program, leaf, {
    name: 'reservation-price',
    description: 'Reservation prices per product, store and currency',
    load: () => import('./reservation.command').then((m) => m.reservationPriceCommand),
    noun: 'reservation price',
    key: 'PRICE_ID',
    listed: 'id, state, product, store, currency, value',
  });
  lifecycleKind(program, leaf, {
    name: 'reservation-source',
    description: 'Where reservations come from',
    load: () => import('./reservation.command').then((m) => m.reservationSourceCommand),
    noun: 'reservation source',
    key: 'ID|TEXT_ID',
    listed: 'text id, id, state, names',
  });
  lifecycleKind(program, leaf, {
    name: 'reservation-list-type',
    description: 'The kinds of external reservation codes',
    load: () => import('./reservation.command').then((m) => m.reservationListTypeCommand),
    noun: 'external list type',
    key: 'ID|TEXT_ID',
    listed: 'text id, id, state, name',
  });
  lifecycleKind(program, leaf, {
    name: 'booking-status',
    description: 'The statuses of the booking workflow, which the API lists',
    load: () => import('./booking.command').then((m) => m.bookingStatusCommand),
    noun: 'booking status',
    key: 'ID|TEXT_ID',
    listed: 'id, text id, phase, default, state, bookings, name',
  });
  lifecycleKind(program, leaf, {
    name: 'booking-ticket',
    description: 'What can be booked, with its property values, time slots and their capacity',
    load: () => import('./booking.command').then((m) => m.bookingTicketCommand),
    noun: 'booking ticket',
    key: 'ID',
    listed: 'id, state, offered slots, their capacity, validity, name',
  });

  program.addHelpText(
    'after',
    `
Examples:
  tessera migrate                                  prepare the database
  tessera app create --name "Cash desk" --interface enterprise
  tessera reward define --example > reward.json    a sample file to edit, then:
  tessera reward define reward.json
  tessera reward list --json
  tessera help reward                              the subcommands of one command

Settings are read from the environment first, then <data dir>/tessera.json, then defaults;
the data directory is $TESSERA_DATA_DIR (default ./data).`,
  );
  program.addHelpText('afterAll', `\n${EXIT_CODES_HELP}`);
  // After the subcommands have copied the full help-after-error setting: the root's own is the short help.
  program.showHelpAfterError(shortHelp(program));
  return program;
}

/** What bare `tessera` prints: the commands by group, names only. */
export function shortHelp(program: Command): string {
  const groups = new Map<string, string[]>();
  for (const command of program.commands) {
    const group = command.helpGroup();
    groups.set(group, [...(groups.get(group) ?? []), command.name()]);
  }
  const width = Math.max(...[...groups.keys()].map((group) => group.length));
  const lines = [...groups].map(([group, names]) => `  ${group.padEnd(width)}  ${names.join(', ')}`);
  return `Usage: tessera <command> [options]\n\n${lines.join('\n')}\n\nRun \`tessera --help\` for what each command does, \`tessera help COMMAND\` (or \`tessera COMMAND --help\`) for one command.\n${EXIT_CODES_HELP}`;
}

type LeafFactory = (load: ModuleLoader, handlerName: string) => (...params: unknown[]) => Promise<void>;

/** Actions that load their module, run its handler, and keep its exit code; a UsageError exits 2. */
function leafFactory(io: CliIo, run: ProgramRun): LeafFactory {
  return (load, handlerName) =>
    async (...params) => {
      // commander passes the operands, the options, then the command itself.
      const command = params[params.length - 1] as Command;
      const handler = (await load()).handlers[handlerName];
      const args = command.processedArgs.flat().filter((arg): arg is string => typeof arg === 'string');
      try {
        // The one cast between commander's untyped values and the handler's declared options.
        run.exitCode = await handler(args, command.opts<never>(), io);
      } catch (error) {
        if (!(error instanceof UsageError)) throw error;
        if (error.showUsage) command.error(`error: ${error.message}`, { exitCode: EXIT_USAGE, code: 'tessera.usage' });
        io.stderr(`error: ${error.message}\n`);
        run.exitCode = EXIT_USAGE;
      }
    };
}

/** The article before a noun in help text ("an application", "a tag"). */
function aOrAn(noun: string): string {
  return /^[aeiou]/i.test(noun) ? 'an' : 'a';
}

/** Lines of an `Examples:` section under a command's help. */
function examples(command: Command, lines: string[]): Command {
  return command.addHelpText('after', `\nExamples:\n${lines.map((line) => `  ${line}`).join('\n')}`);
}

function jsonOption(): Option {
  return new Option('--json', 'print JSON for programs instead of a table');
}

/** For commands that print a record as indented JSON for people. */
function compactJsonOption(): Option {
  return new Option('--json', 'print the JSON on one line, for programs');
}

interface DefinitionKindSpec {
  name: string;
  description: string;
  load: ModuleLoader;
  /** What one item is called: "event type". */
  noun: string;
  /** How `show` and `remove` name an item: `ID`, `ID|TEXT_ID`... */
  key: string;
  /** The columns `list` shows. */
  listed: string;
  /** What `define` does. */
  defined: string;
  /** `define --json` prints the new id as JSON. */
  jsonDefine?: boolean;
  /** The service checks the file itself (no DTO), so there is no schema to describe nor example to print. */
  noSchema?: boolean;
}

type LifecycleKindSpec = Pick<DefinitionKindSpec, 'name' | 'description' | 'load' | 'noun' | 'key' | 'listed'> & {
  /** Subcommands beyond the lifecycle's. */
  more?: (command: Command, load: ModuleLoader, leaf: LeafFactory) => void;
};

/**
 * A kind of definition with the whole lifecycle (lifecycle-command.ts): `list`, `show` (JSON that
 * `change` takes back), `define`, `change`, `remove` (deactivate, never delete) and `activate`.
 */
function lifecycleKind(program: Command, leaf: LeafFactory, spec: LifecycleKindSpec): void {
  const { name, load, noun, key } = spec;
  const keyHelp = `the ${noun}'s ${key.toLowerCase().replace('|', ' or ').replace(/_/g, ' ')}`;
  const sample = key.split('|')[0];
  const kind = program.command(name).description(spec.description);
  examples(kind.command('list').description(`Show every ${noun}: ${spec.listed}`).addOption(jsonOption()).action(leaf(load, 'list')), [
    `tessera ${name} list`,
    `tessera ${name} list --json`,
  ]);
  examples(
    kind
      .command('show')
      .description(`Show one ${noun} as JSON, a file \`change\` takes back`)
      .argument(`<${key}>`, keyHelp)
      .addOption(compactJsonOption())
      .action(leaf(load, 'show')),
    [`tessera ${name} show ${sample}`, `tessera ${name} show ${sample} > ${name}.json`],
  );
  defineCommand(kind, leaf, { ...spec, defined: `Create ${aOrAn(noun)} ${noun} from a JSON file; prints its id`, jsonDefine: true });
  examples(
    kind
      .command('change')
      .description(`Replace ${aOrAn(noun)} ${noun} with a JSON file (as \`show\` prints it, or as \`define\` takes it)`)
      .argument(`<${key}>`, keyHelp)
      .argument('<FILE>', FILE_ARGUMENT)
      .action(leaf(load, 'change')),
    [`tessera ${name} show ${sample} > ${name}.json && tessera ${name} change ${sample} ${name}.json`],
  );
  examples(
    kind
      .command('remove')
      .description(`Deactivate ${aOrAn(noun)} ${noun} (state 0): kept, with what points at it, but no longer offered`)
      .argument(`<${key}>`, keyHelp)
      .action(leaf(load, 'remove')),
    [`tessera ${name} remove ${sample}`],
  );
  examples(
    kind
      .command('activate')
      .description(`Make a deactivated ${noun} active again`)
      .argument(`<${key}>`, keyHelp)
      .action(leaf(load, 'activate')),
    [`tessera ${name} activate ${sample}`],
  );
  spec.more?.(kind, load, leaf);
}

/**
 * `define [FILE|-] [--example]`, named `verb` (entrance's is `import`). Its help shows the file's
 * fields, read from the definition's JSON Schema once the command is chosen (loading the DTOs is not free).
 */
function defineCommand(
  parent: Command,
  leaf: LeafFactory,
  spec: Pick<DefinitionKindSpec, 'name' | 'load' | 'noun' | 'defined' | 'jsonDefine' | 'noSchema'>,
  verb = 'define',
): Command {
  const { name, load } = spec;
  const define = parent.command(verb).description(spec.defined).action(leaf(load, verb));
  if (spec.noSchema) {
    define.argument('<FILE>', FILE_ARGUMENT);
    return examples(define, [`tessera ${name} ${verb} ${name}.json`, `cat ${name}.json | tessera ${name} ${verb} -`]);
  }
  define
    .argument('[FILE]', FILE_ARGUMENT)
    .option('--example', 'print a sample file instead (edit it, then define it)')
    .option('--schema', "print the file's JSON Schema instead (for editors that check JSON)")
    .option('--dry-run', 'check the file only; nothing is stored and no database is needed');
  if (spec.jsonDefine) define.addOption(new Option('--json', 'print the id as JSON'));
  examples(define, [
    `tessera ${name} ${verb} --example > ${name}.json`,
    `tessera ${name} ${verb} --dry-run ${name}.json`,
    `tessera ${name} ${verb} ${name}.json`,
    `cat ${name}.json | tessera ${name} ${verb} -`,
  ]);
  parent.hook('preSubcommand', async (_parent, subcommand) => {
    if (subcommand !== define) return;
    const { definition } = await load();
    if (!definition) return;
    const { describeDefinitionFile } = await import('./definition-schema');
    define.addHelpText('after', `\nThe file (${definition.what}):\n${describeDefinitionFile(definition.type)}`);
  });
  return define;
}

function configCommand(config: Command, leaf: LeafFactory): void {
  const load = () => import('./config.command').then((m) => m.configCommand);
  examples(
    config
      .command('list')
      .description('Show every setting, its value and where it comes from')
      .addOption(jsonOption())
      .action(leaf(load, 'list')),
    ['tessera config list', 'tessera config list --json'],
  );
  examples(
    config
      .command('get')
      .description("Print a setting's effective value")
      .argument('<NAME>', 'the setting, as PORT')
      .action(leaf(load, 'get')),
    ['tessera config get PORT'],
  );
  examples(
    config
      .command('set')
      .description("Save a setting in the data directory's tessera.json")
      .argument('<NAME>', 'the setting, as PORT')
      .argument('<VALUE>', 'its new value')
      .action(leaf(load, 'set')),
    ['tessera config set PORT 9443'],
  );
  examples(
    config.command('unset').description('Remove a saved setting').argument('<NAME>', 'the setting, as PORT').action(leaf(load, 'unset')),
    ['tessera config unset PORT'],
  );
}

function completionCommand(program: Command, io: CliIo, run: ProgramRun): void {
  examples(
    program
      .command('completion')
      .description('Print a shell completion script')
      .addArgument(new Argument('<SHELL>', 'the shell').choices(['bash', 'zsh']))
      .action(async (shell: 'bash' | 'zsh') => {
        const { completionScript } = await import('./completion');
        io.stdout(completionScript(program, shell));
        run.exitCode = 0;
      }),
    ['source <(tessera completion bash)      # in ~/.bashrc', 'source <(tessera completion zsh)       # in ~/.zshrc'],
  );
}

function stampCardCommand(card: Command, leaf: LeafFactory): void {
  const load = () => import('./stamp-card.command').then((m) => m.stampCardCommand);
  examples(
    card
      .command('block')
      .description('Block a stamp card: it earns no stamps, and no new card starts in its campaign')
      .argument('<STAMPER_CARD_ID>', 'the card')
      .action(leaf(load, 'block')),
    ['tessera stamp-card block STAMPER_CARD_ID'],
  );
  examples(
    card
      .command('unblock')
      .description('Unblock a stamp card: the next purchases earn stamps on it')
      .argument('<STAMPER_CARD_ID>', 'the card')
      .action(leaf(load, 'unblock')),
    ['tessera stamp-card unblock STAMPER_CARD_ID'],
  );
}

function appVerbs(app: Command, load: ModuleLoader, leaf: LeafFactory): void {
  examples(
    app
      .command('create')
      .description('Register an external application; prints its id')
      .requiredOption('--name <NAME>', "the application's name")
      .addOption(new Option('--interface <INTERFACE>', 'the interface it calls').choices(['enterprise', 'customer']).makeOptionMandatory())
      .addOption(new Option('--json', 'print the id as JSON'))
      .action(leaf(load, 'create')),
    ['tessera app create --name "Cash desk" --interface enterprise'],
  );
  examples(
    app
      .command('permissions')
      .description(
        'List the operations the application may call (the defaults of its interface, with its grants and revocations), or grant or revoke some',
      )
      .argument('<APP_ID>', 'the application')
      .addArgument(new Argument('[CHANGE]', 'grant or revoke').choices(['grant', 'revoke']))
      .argument(
        '[WORD...]',
        'operations ("POST /stores") or groups (disabled-by-default, customer-self-service, reads, sessions, customer-data, value-movements, project-writes)',
      )
      .addOption(new Option('--json', 'print the permissions as JSON'))
      .action(leaf(load, 'permissions')),
    [
      'tessera app permissions APP_ID',
      'tessera app permissions APP_ID grant "POST /stores" reads',
      'tessera app permissions APP_ID revoke sessions',
    ],
  );
}

function userCommand(user: Command, leaf: LeafFactory): void {
  const load = () => import('./user.command').then((m) => m.userCommand);
  const keyHelp = "the user's id or login";
  examples(
    user
      .command('list')
      .description('Show every API user: login, id, state, roles, store, second factor')
      .addOption(jsonOption())
      .action(leaf(load, 'list')),
    ['tessera user list', 'tessera user list --json'],
  );
  examples(
    user
      .command('show')
      .description('Show one API user as JSON')
      .argument('<USER>', keyHelp)
      .addOption(compactJsonOption())
      .action(leaf(load, 'show')),
    ['tessera user show marta'],
  );
  examples(
    user
      .command('create')
      .description('Create an API user; without --role, the Enterprise interface role that opens nothing on the operator API')
      .requiredOption('--login <LOGIN>', 'the login')
      .option('--password <PASSWORD>', 'at least 10 characters; left out, one is generated and printed once')
      .option('--email <EMAIL>', 'an email address')
      .option('--first-name <NAME>', 'first name')
      .option('--last-name <NAME>', 'last name')
      .option('--role <ROLE...>', 'roles by text id (owner, programme_manager, customer_care, analyst, integrator, administrator, ...)')
      .option('--store <STORE>', 'the store (id or code) the user works for')
      .addOption(new Option('--json', 'print the user id and login (and a generated password) as JSON'))
      .action(leaf(load, 'create')),
    [
      'tessera user create --login admin --password "correct horse battery"',
      'tessera user create --login marta --role customer_care --store PRAGUE-1',
    ],
  );
  examples(
    user
      .command('role')
      .description("Replace a user's roles")
      .argument('<USER>', keyHelp)
      .argument('<ROLE...>', 'role text ids')
      .action(leaf(load, 'role')),
    ['tessera user role marta customer_care analyst'],
  );
  examples(
    user
      .command('disable')
      .description('Disable a user: their sign-ins end everywhere at once')
      .argument('<USER>', keyHelp)
      .action(leaf(load, 'disable')),
    ['tessera user disable marta'],
  );
  examples(
    user.command('enable').description('Let a disabled user sign in again').argument('<USER>', keyHelp).action(leaf(load, 'enable')),
    ['tessera user enable marta'],
  );
  examples(
    user
      .command('reset-password')
      .description("Set a user's password (generated and printed once unless given); their sign-ins end")
      .argument('<USER>', keyHelp)
      .option('--password <PASSWORD>', 'the new password, at least 10 characters')
      .action(leaf(load, 'reset-password')),
    ['tessera user reset-password marta'],
  );
  examples(
    user
      .command('reset-second-factor')
      .description("Remove a user's authenticator (a lost phone): they sign in with the password until they set a new one")
      .argument('<USER>', keyHelp)
      .action(leaf(load, 'reset-second-factor')),
    ['tessera user reset-second-factor marta'],
  );
}

function roleCommand(role: Command, leaf: LeafFactory): void {
  const load = () => import('./user.command').then((m) => m.roleCommand);
  const keyHelp = "the role's id or text id";
  examples(
    role
      .command('list')
      .description('Show every role and the operator API permissions it grants')
      .addOption(jsonOption())
      .action(leaf(load, 'list')),
    ['tessera role list'],
  );
  examples(
    role
      .command('show')
      .description('Show one role as JSON, a file `change` takes back')
      .argument('<ROLE>', keyHelp)
      .addOption(compactJsonOption())
      .action(leaf(load, 'show')),
    ['tessera role show customer_care > role.json'],
  );
  examples(
    role
      .command('define')
      .description('Create a role from a JSON file: text_id, name, description, permissions')
      .argument('<FILE>', FILE_ARGUMENT)
      .action(leaf(load, 'define')),
    [`echo '{"text_id":"store_lead","name":"Store lead","permissions":["customers:read","figures:read"]}' | tessera role define -`],
  );
  examples(
    role
      .command('change')
      .description('Replace a role with a JSON file')
      .argument('<ROLE>', keyHelp)
      .argument('<FILE>', FILE_ARGUMENT)
      .action(leaf(load, 'change')),
    ['tessera role change store_lead role.json'],
  );
  examples(
    role
      .command('remove')
      .description('Deactivate a role: its holders keep it, but it grants nothing')
      .argument('<ROLE>', keyHelp)
      .action(leaf(load, 'remove')),
    ['tessera role remove store_lead'],
  );
  examples(
    role
      .command('activate')
      .description('Make a deactivated role grant its permissions again')
      .argument('<ROLE>', keyHelp)
      .action(leaf(load, 'activate')),
    ['tessera role activate store_lead'],
  );
}

function auditCommand(audit: Command, leaf: LeafFactory): void {
  examples(
    audit
      .command('list')
      .description('Writes through the operator API, the console and the CLI, newest first')
      .option('--target-type <TYPE>', 'only writes to this kind of record (reward, tag, customer, api_user, ...)')
      .option('--target-id <ID>', 'only writes to this record')
      .option('--user <USER_ID>', 'only writes by this API user')
      .option('--from <WHEN>', 'at or after this date or instant')
      .option('--to <WHEN>', 'before this date or instant')
      .option('--limit <N>', 'rows at most (50 unless given)')
      .addOption(jsonOption())
      .action(leaf(() => import('./user.command').then((m) => m.auditCommand), 'list')),
    ['tessera audit list', 'tessera audit list --target-type reward --target-id REWARD_ID --json'],
  );
}

function customerCommand(customer: Command, leaf: LeafFactory): void {
  const load = () => import('./customer.command').then((m) => m.customerCommand);
  examples(
    customer
      .command('create')
      .description('Create a customer who can log in, optionally with a loyalty card')
      .requiredOption('--email <EMAIL>', 'their email, also their login')
      .requiredOption('--password <PASSWORD>', 'their password')
      .option('--phone <PHONE>', 'their phone number')
      .option('--card-number <NUMBER>', 'issue them a loyalty card with this number')
      .addOption(new Option('--json', 'print the ids as JSON'))
      .action(leaf(load, 'create')),
    ['tessera customer create --email jane@example.com --password "correct horse battery" --card-number 1000001'],
  );
  examples(
    customer
      .command('delete')
      .description('Delete a customer (state 0): no longer found, logins end')
      .argument('<CUSTOMER_ID>', 'the customer')
      .action(leaf(load, 'delete')),
    ['tessera customer delete CUSTOMER_ID'],
  );
  examples(
    customer
      .command('search')
      .description('Find customers by e-mail, phone, card number, external id, customer id or the start of a name')
      .argument('<TEXT>', 'what to look for')
      .option('--limit <N>', 'rows at most (1 to 100, 20 unless given)')
      .addOption(jsonOption())
      .action(leaf(load, 'search')),
    ['tessera customer search jana@example.com', 'tessera customer search "jana nov"', 'tessera customer search 2000000012345 --json'],
  );
  examples(
    customer
      .command('show')
      .description(
        "A customer's whole picture as JSON: profile, status and progress, cards, balances, vouchers, purchases, segments, consents, events, messages",
      )
      .argument('<CUSTOMER_ID>', 'the customer')
      .addOption(compactJsonOption())
      .action(leaf(load, 'show')),
    ['tessera customer show CUSTOMER_ID'],
  );
  examples(
    customer
      .command('status-history')
      .description(
        "Every change of a customer's status, newest first: from, to, when, and why (purchase, cancellation, points, period_end, manual)",
      )
      .argument('<CUSTOMER_ID>', 'the customer')
      .option('--limit <N>', 'rows at most (1 to 100, 20 unless given)')
      .addOption(jsonOption())
      .action(leaf(load, 'status-history')),
    ['tessera customer status-history CUSTOMER_ID', 'tessera customer status-history CUSTOMER_ID --json'],
  );
  for (const [verb, unit, example] of [
    ['adjust-points', 'POINTS', '250'],
    ['adjust-credits', 'CREDITS', '-10'],
  ]) {
    examples(
      customer
        .command(verb)
        .description(
          `Add (above zero) or take (below zero) ${unit.toLowerCase()}, with the reason kept in the movement and the audit trail`,
        )
        .argument('<CUSTOMER_ID>', 'the customer')
        .argument(`<${unit}>`, `how many ${unit.toLowerCase()}; a negative number takes them`)
        .requiredOption('--reason <TEXT>', 'why')
        .addOption(new Option('--json', 'print the movement as JSON'))
        .action(leaf(load, verb)),
      [
        `tessera customer ${verb} CUSTOMER_ID ${example} --reason "Goodwill after a late delivery"`,
        `tessera customer ${verb} CUSTOMER_ID -- -5 --reason "Typo"`,
      ],
    );
  }
  examples(
    customer
      .command('export')
      .description('Everything held about a customer as one JSON document (right of access); audited')
      .argument('<CUSTOMER_ID>', 'the customer')
      .action(leaf(load, 'export')),
    ['tessera customer export CUSTOMER_ID > customer.json'],
  );
  examples(
    customer
      .command('erase')
      .description('Erase a customer (right to erasure): personal data removed, logins ended, ledgers kept without identity')
      .argument('<CUSTOMER_ID>', 'the customer')
      .option('--yes', 'confirm: erasure cannot be undone')
      .action(leaf(load, 'erase')),
    ['tessera customer erase CUSTOMER_ID --yes'],
  );
}

function loyaltyRulesCommand(rules: Command, leaf: LeafFactory): void {
  const load = () => import('./loyalty-rules.command').then((m) => m.loyaltyRulesCommand);
  const scopeOptions = (command: Command) =>
    command
      .addOption(new Option('--store <ID|CODE>', 'for one store').conflicts('partner'))
      .addOption(new Option('--partner <ID>', 'for one partner').conflicts('store'));
  examples(
    rules
      .command('list')
      .description('Show every loyalty rule: stored values, defaults and help')
      .addOption(jsonOption())
      .action(leaf(load, 'list')),
    ['tessera loyalty-rules list'],
  );
  examples(
    rules
      .command('show')
      .description("Show one rule's values as JSON, a file `change` takes back")
      .argument('<RULE>', 'the rule, as `loyalty-rules list` names it')
      .addOption(jsonOption())
      .action(leaf(load, 'show')),
    ['tessera loyalty-rules show points_per_currency_unit > rule.json'],
  );
  examples(
    rules
      .command('change')
      .description("Replace a rule's values for every scope with a JSON file")
      .argument('<RULE>', 'the rule, as `loyalty-rules list` names it')
      .argument('<FILE>', FILE_ARGUMENT)
      .action(leaf(load, 'change')),
    ['tessera loyalty-rules change points_per_currency_unit rule.json'],
  );
  examples(
    scopeOptions(
      rules
        .command('set')
        .description("Save a rule's value for the project, a partner or a store")
        .argument('<RULE>', 'the rule, as `loyalty-rules list` names it')
        .argument('<VALUE>', 'its value'),
    ).action(leaf(load, 'set')),
    ['tessera loyalty-rules set points_per_currency_unit 1', 'tessera loyalty-rules set points_per_currency_unit 2 --store STORE_ID'],
  );
  examples(
    scopeOptions(
      rules.command('unset').description('Remove a saved value (the next wider one applies)').argument('<RULE>', 'the rule'),
    ).action(leaf(load, 'unset')),
    ['tessera loyalty-rules unset points_per_currency_unit --store STORE_ID'],
  );
}

/** `status qualify` and `status set`: shortcuts that change one part of a status, audited as `change` is. */
function statusShortcuts(status: Command, load: ModuleLoader, leaf: LeafFactory): void {
  examples(
    status
      .command('qualify')
      .description("Reach STATUS by turnover in a currency; --turnover 0 removes that currency's threshold")
      .argument('<STATUS>', 'id or text id')
      .requiredOption('--turnover <AMOUNT>', 'the turnover, at most two decimals')
      .requiredOption('--currency <CODE|ID>', 'the currency')
      .option('--period <MONTHS>', 'the months the turnover counts over')
      .action(leaf(load, 'qualify')),
    ['tessera status qualify gold --turnover 1000 --currency EUR --period 12'],
  );
  examples(
    status
      .command('set')
      .description('Switch collecting or paying with points for STATUS')
      .argument('<STATUS>', 'id or text id')
      .addOption(new Option('--collection-points <BOOLEAN>', 'whether customers of the status collect points').choices(['true', 'false']))
      .addOption(new Option('--payment-points <BOOLEAN>', 'whether they may pay with points').choices(['true', 'false']))
      .action(leaf(load, 'set')),
    ['tessera status set basic --payment-points false'],
  );
}

function recommendationsCommand(recommendations: Command, leaf: LeafFactory): void {
  const load = () => import('./recommendations.command').then((m) => m.recommendationsCommand);
  examples(
    recommendations
      .command('train')
      .description('Teach the engine the purchases made since the last run')
      .option('--full', 'recount every purchase')
      .action(leaf(load, 'train')),
    ['tessera recommendations train', 'tessera recommendations train --full'],
  );
  examples(
    recommendations
      .command('status')
      .description('Show the model answers use: when trained, what it counted')
      .addOption(new Option('--json', 'print it as JSON (null before the first training)'))
      .action(leaf(load, 'status')),
    ['tessera recommendations status'],
  );
}

function webhookVerbs(webhook: Command, load: ModuleLoader, leaf: LeafFactory): void {
  examples(
    webhook
      .command('add')
      .description('Subscribe a URL to customer events; prints its id and its signing secret, shown only this once')
      .argument('<URL>', 'where events are sent')
      .option('--events <TYPE,...>', 'the event types (default: every type)')
      .action(leaf(load, 'add')),
    ['tessera webhook add https://example.com/hooks --events customer.created,customer.updated'],
  );
  examples(
    webhook
      .command('rotate-secret')
      .description('Print a new signing secret; the old one also signs for 24 hours')
      .argument('<ID>', 'the webhook')
      .action(leaf(load, 'rotate-secret')),
    ['tessera webhook rotate-secret ID'],
  );
  examples(
    webhook
      .command('deliveries')
      .description("Show a webhook's newest 100 deliveries and their outcome")
      .argument('<ID>', 'the webhook')
      .addOption(jsonOption())
      .action(leaf(load, 'deliveries')),
    ['tessera webhook deliveries ID'],
  );
  examples(
    webhook
      .command('replay')
      .description("Send the webhook's events again, in order and with their ids; enables a disabled webhook")
      .argument('<ID>', 'the webhook')
      .option('--since <TIME>', 'only events since then')
      .action(leaf(load, 'replay')),
    ['tessera webhook replay ID --since 2025-01-31T00:00:00Z'],
  );
}

function entranceCommand(entrance: Command, leaf: LeafFactory): void {
  const load = () => import('./entrance.command').then((m) => m.entranceCommand);
  defineCommand(
    entrance,
    leaf,
    {
      name: 'entrance',
      load,
      noun: 'entrance',
      defined: 'Create or replace charged entrances (and their usage days) from a file of {"entrances": [...]}',
    },
    'import',
  );
  examples(
    entrance
      .command('list')
      .description('Show entrances: id, state, POS, validity, customer, name')
      .option('--customer <ID>', "only this customer's")
      .addOption(jsonOption())
      .action(leaf(load, 'list')),
    ['tessera entrance list --customer CUSTOMER_ID'],
  );
  examples(
    entrance
      .command('show')
      .description('Show one entrance, a line per column of `list`')
      .argument('<ID>', 'the entrance')
      .addOption(jsonOption())
      .action(leaf(load, 'show')),
    ['tessera entrance show ID --json'],
  );
  examples(
    entrance
      .command('remove')
      .description('Delete an entrance imported by mistake, with its usage days')
      .argument('<ID>', 'the entrance')
      .action(leaf(load, 'remove')),
    ['tessera entrance remove ID'],
  );
}
