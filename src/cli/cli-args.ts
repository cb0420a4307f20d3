import { parseArgs, ParseArgsConfig } from 'node:util';

/** Where a command writes and which environment it reads; injectable so tests run the CLI in-process. */
export interface CliIo {
  stdout: (text: string) => void;
  stderr: (text: string) => void;
  env: NodeJS.ProcessEnv;
  /** Standard input, for commands reading `-`; the process's own when absent. */
  stdin?: () => Promise<string>;
}

export const USAGE = `Usage: tessera <command> [options]

Commands:
  serve                                   Start the server
  worker                                  Send webhooks and queued messages, without serving HTTP
  migrate                                 Apply database migrations and ensure project defaults
  app create --name NAME --interface enterprise|customer [--json]
                                          Register an external application; prints its id
  app list                                Show every application: id, interface, text id, state, name
  app define FILE|-                       Create an application from a JSON file (or standard input:
                                          name, text_id, interface) and print its id; with
                                          external_application_id, rename that application instead
  app remove APP_ID                       Mark an application removed; its tokens are refused
  app permissions APP_ID [--json]         List the operations the application may call: the
                                          defaults of its interface, with its grants and revocations
  app permissions APP_ID grant|revoke WORD...
                                          Permit or refuse operations ("POST /stores") or groups
                                          (disabled-by-default, customer-self-service, reads,
                                          sessions, customer-data, value-movements, project-writes)
  user create --login LOGIN --password PASSWORD [--email EMAIL]
              [--first-name NAME] [--last-name NAME] [--json]
                                          Create an API user (enterprise interface)
  customer create --email EMAIL --password PASSWORD [--phone PHONE]
                  [--card-number NUMBER] [--json]
                                          Create a customer, optionally with a loyalty card
  customer delete CUSTOMER_ID             Delete a customer (state 0): no longer found, logins end
  config list                             Show every setting, its value and where it comes from
  config get NAME                         Print a setting's effective value
  config set NAME VALUE                   Save a setting in the data directory's tessera.json
  config unset NAME                       Remove a saved setting
  loyalty-rules list                      Show every loyalty rule: stored values, defaults and help
  loyalty-rules set RULE VALUE [--store ID | --partner ID]
                                          Save a rule's value for the project, a partner or a store
  loyalty-rules unset RULE [--store ID | --partner ID]
                                          Remove a saved value (the next wider one applies)
  status list                             Show the statuses, their thresholds and point rights
  status qualify STATUS --turnover AMOUNT --currency CODE|ID [--period MONTHS]
                                          Reach STATUS (id or text id) by turnover in a currency;
                                          --turnover 0 removes that currency's threshold
  status set STATUS [--collection-points true|false] [--payment-points true|false]
                                          Switch collecting or paying with points for STATUS
  reward define FILE|- [--json]           Define a reward of any group and kind from a JSON file
                                          (or standard input); prints its id
  reward list                             Show every reward: code, id, group, type, points, validity, state
  purchase-property list                  Show the purchase and purchase item properties
  purchase-property define PROPERTY_ID --name NAME --data-type TYPE
                    [--resource purchase|purchase_item] [--required] [--unique]
                    [--item VALUE_ID=NAME ...]
                                          Create or redefine a property (TYPE: string, date, timestamp,
                                          integer, float, enum, multiselect, boolean); enum and
                                          multiselect list every active item
  purchase-property remove PROPERTY_ID [--resource purchase|purchase_item]
                                          Mark a property deleted; stored values are kept
  hint list                               Show every hint: id, state, customers assigned, name
  hint define FILE|-                      Create a hint from a JSON file (or standard input) and print
                                          its id; with recommendation_id, replace that hint instead
  hint remove ID                          Mark a hint deleted; its assignments are kept
  hint assign HINT_ID CUSTOMER_ID...      Assign a hint to customers
  hint unassign HINT_ID CUSTOMER_ID...    Take a hint from customers
  campaign list                           Show every campaign: id, state, parent, external id, name
  campaign define FILE|-                  Create a campaign from a JSON file (or standard input) and
                                          print its id; with campaign_id, replace that campaign instead
  campaign remove ID                      Mark a campaign removed; its campaign products are kept
  campaign-product list                   Show every campaign product: id, state, campaign, product,
                                          value, validity, stores, name
  campaign-product define FILE|-          Create a campaign product with its stores from a JSON file (or
                                          standard input) and print its id; with campaign_product_id,
                                          replace that campaign product and its stores instead
  campaign-product remove ID              Block a campaign product; it and its stores are kept
  audience list                           Show every audience: id, state, channel, name
  audience define FILE|-                  Create an audience from a JSON file (or standard input) and
                                          print its id; with audience_id, replace that audience instead
  audience remove ID                      Mark an audience removed
  event-group list                        Show every event group: id, text id, state, types, name
  event-group define FILE|-               Create or replace (by text_id) an event group from JSON
  event-group remove ID|TEXT_ID           Mark an event group deleted (only once it has no types)
  event-type list                         Show every event type with its group and allowed properties
  event-type define FILE|-                Create or replace (by text_id) an event type from JSON,
                                          with the properties its events may carry
  event-type remove ID|TEXT_ID            Mark an event type deleted; its events are kept
  event-property list                     Show every event property, its items and its types
  event-property define FILE|-            Create or replace (by property_id) an event property
  event-property remove PROPERTY_ID       Mark an event property deleted; stored values are kept
  partner-property list                   Show the partner properties
  partner-property define FILE|-          Create or redefine a partner property from a JSON file
                                          (or standard input)
  partner-property remove PROPERTY_ID     Mark a partner property removed; stored values are kept
  product-property list                   Show the product properties
  product-property define FILE|-          Create or redefine a product property from a JSON file
                                          (or standard input)
  product-property remove PROPERTY_ID     Mark a product property removed; stored values are kept
  engagement-setup list                   Show the setups of the web tracking script
  engagement-setup define FILE|-          Create a setup from a JSON file (or standard input) and print
                                          its id; with setup_id, replace that setup instead
  engagement-setup remove ID              Mark a setup removed
  stamper-campaign list                   Show every stamper campaign: id, state, stamps, cards, name
  stamper-campaign define FILE|-          Create a stamper campaign from a JSON file (or standard input)
                                          and print its id; with stamper_campaign_id, replace it
  stamper-campaign remove ID              Mark a stamper campaign deleted; cards and stamps are kept
  message-template list                   Show every message template: id, state, channel, group, purpose, name
  message-template define FILE|-          Create a message template from JSON and print its id; with
                                          message_template_id, replace that template instead
  message-template remove ID              Mark a message template removed; sent messages keep it
  task-type list                          Show every task type: id, text id, state, name
  task-type define FILE|-                 Create or replace (by text_id) a task type from JSON
  task-type remove ID|TEXT_ID             Mark a task type removed; its tasks are kept
  task-state list                         Show every task state: id, text id, state, final, name
  task-state define FILE|-                Create or replace (by text_id) a task state from JSON;
                                          is_final: tasks in it never leave it
  task-state remove ID|TEXT_ID            Mark a task state removed; tasks in it stay until moved
  task-property list                      Show the task properties
  task-property define FILE|-             Create or redefine a task property from a JSON file
                                          (or standard input)
  task-property remove PROPERTY_ID        Mark a task property removed; stored values are kept
  order move ORDER_ID STATUS              Move an order to a status its status table allows (processing,
                                          shipped, delivered, cancelled, returned)
  entrance import FILE|-                  Create or replace charged entrances (and their usage days) from
                                          a JSON file (or standard input) of {"entrances": [...]}
  entrance list [--customer ID]           Show entrances: id, state, POS, validity, customer, name
  entrance remove ID                      Delete an entrance imported by mistake, with its usage days
  reservable-product list                 Show the reservable products: id, stock left, code, name
  reservable-product define FILE|-        Make a product reservable from JSON ({"product_id", "stock"}; no
                                          stock is no limit), or set the stock of one that is
  reservable-product remove PRODUCT_ID    Stop reservations of a product; existing ones are kept
  reservation-price list                  Show the live reservation prices: id, product, store, currency, value
  reservation-price define FILE|-         Create or update a price from JSON (a price batch record) and
                                          print its id
  reservation-price remove PRICE_ID       Mark a reservation price deleted
  reservation-source list                 Show the reservation sources: id, text id, state, names
  reservation-source define FILE|-        Create a source from JSON ({"text_id", "names"}) and print its
                                          id; an existing text_id gets the new names
  reservation-source remove ID|TEXT_ID    Mark a source deleted; reservations keep it
  reservation-list-type list              Show the external reservation list types
  reservation-list-type define FILE|-     Create a list type from JSON ({"text_id", "name"}) and print
                                          its id; an existing text_id is renamed
  reservation-list-type remove ID|TEXT_ID Mark an external list type deleted
  booking-status list                     Show every booking status: id, text id, phase, default, bookings
  booking-status define FILE|-            Create or redefine a booking status (keyed by text_id) from JSON
  booking-status remove TEXT_ID           Block a booking status; bookings that have it keep it
  booking-ticket list                     Show every booking ticket: id, state, slots, capacity, taken
  booking-ticket define FILE|-            Create a booking ticket with its slots from JSON and print its
                                          id; with ticket_id, replace that ticket instead
  booking-ticket remove ID                Block a booking ticket; its bookings are kept
  booking-ticket-property list            Show the booking ticket properties
  booking-ticket-property define FILE|-   Create or redefine a booking ticket property from a JSON file
                                          (or standard input)
  booking-ticket-property remove PROPERTY_ID
                                          Mark a booking ticket property removed; tickets keep their values
  webhook add URL [--events TYPE,...]     Subscribe a URL to customer events (no --events: every type);
                                          prints its id and its signing secret, shown only this once
  webhook list                            Show every webhook: id, state, event types, failing since, URL
  webhook remove ID                       Remove a webhook and its delivery log
  webhook rotate-secret ID                Print a new signing secret; the old one also signs for 24 hours
  webhook deliveries ID                   Show a webhook's newest 100 deliveries and their outcome
  webhook replay ID [--since TIME]        Send the webhook's events (since TIME, or all) again, in
                                          order and with their ids; enables a disabled webhook
  recommendations train [--full]          Teach the product recommendation engine the purchases made
                                          since the last run (--full: recount every purchase)
  recommendations status                  Show the model answers use: when trained, what it counted
  help                                    Show this text

Settings are read from the environment first, then <data dir>/tessera.json, then defaults;
the data directory is $TESSERA_DATA_DIR (default ./data).
`;

/** Bad command line: `showUsage` prints the usage text after the message. */
export class UsageError extends Error {
  constructor(
    message: string,
    readonly showUsage = true,
  ) {
    super(message);
  }
}

type OptionSpec = NonNullable<ParseArgsConfig['options']>;

/** Strict `parseArgs`: unknown options, missing values and surplus positionals become usage errors. */
export function parseCommandArgs<T extends OptionSpec>(
  args: string[],
  options: T,
  positionals: string[] = [],
): { values: { [K in keyof T]?: T[K]['type'] extends 'boolean' ? boolean : string }; positionals: string[] } {
  let parsed;
  try {
    parsed = parseArgs({ args, options, allowPositionals: positionals.length > 0, strict: true });
  } catch (error) {
    throw new UsageError((error as Error).message);
  }
  if (parsed.positionals.length !== positionals.length) {
    throw new UsageError(`Expected ${positionals.length > 0 ? positionals.join(' ') : 'no arguments'}`);
  }
  return parsed;
}

export function requireOption(values: Record<string, unknown>, name: string): string {
  const value = values[name];
  if (typeof value !== 'string' || value === '') throw new UsageError(`--${name} is required`);
  return value;
}
