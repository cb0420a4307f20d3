import { BookingTicketPropertyService } from '../modules/bookings';
import { ProductPropertyService } from '../modules/catalogue';
import { PartnerPropertyService, PropertyCatalogue } from '../modules/reference-data';
import { TaskPropertyService } from '../modules/tasks';
import { withAdminSession } from './admin-session';
import { CliIo, parseCommandArgs, UsageError } from './cli-args';
import { checkedDefinition, readJsonDefinition } from './json-definition';
import {
  PropertyDefinitionInputDto,
  propertyListColumns,
  propertyListRow,
  PropertyListStyle,
  toPropertyDefinition,
} from './property-definition';
import { textTable } from './text-table';

const LIST_STYLE: PropertyListStyle = { removed: 'removed' };

interface CatalogueCommand {
  command: string;
  /** "Partner property". */
  label: string;
  /** What keeps the values of a removed property. */
  holders: string;
  service: new (...args: never[]) => PropertyCatalogue;
}

/** `tessera partner-property list|define|remove`: the custom fields of partners. */
export const partnerPropertyCommand = propertyCatalogueCommand({
  command: 'partner-property',
  label: 'Partner property',
  holders: 'partners',
  service: PartnerPropertyService,
});

/** `tessera product-property list|define|remove`: the custom fields of products. */
export const productPropertyCommand = propertyCatalogueCommand({
  command: 'product-property',
  label: 'Product property',
  holders: 'products',
  service: ProductPropertyService,
});

/** `tessera task-property list|define|remove`: the custom fields of tasks. */
export const taskPropertyCommand = propertyCatalogueCommand({
  command: 'task-property',
  label: 'Task property',
  holders: 'tasks',
  service: TaskPropertyService,
});

/** `tessera booking-ticket-property list|define|remove`: the custom fields of booking tickets. */
export const bookingTicketPropertyCommand = propertyCatalogueCommand({
  command: 'booking-ticket-property',
  label: 'Booking ticket property',
  holders: 'booking tickets',
  service: BookingTicketPropertyService,
});

function propertyCatalogueCommand(catalogue: CatalogueCommand): (args: string[], io: CliIo) => Promise<number> {
  return async (args, io) => {
    const [action, ...rest] = args;
    switch (action) {
      case 'list': {
        parseCommandArgs(rest, {});
        const properties = await withAdminSession(io, async ({ context }) => [...(await context.get(catalogue.service).all()).values()]);
        io.stdout(
          textTable(
            propertyListColumns(LIST_STYLE),
            properties.map((property) => propertyListRow(property, LIST_STYLE)),
          ),
        );
        return 0;
      }
      case 'define': {
        const { positionals } = parseCommandArgs(rest, {}, ['FILE']);
        const input = await checkedDefinition(PropertyDefinitionInputDto, await readJsonDefinition(positionals[0], io), 'property');
        const outcome = await withAdminSession(io, ({ context }) => context.get(catalogue.service).define(toPropertyDefinition(input)));
        io.stdout(`${catalogue.label} ${input.property_id} ${outcome}\n`);
        return 0;
      }
      case 'remove': {
        const { positionals } = parseCommandArgs(rest, {}, ['PROPERTY_ID']);
        const [propertyId] = positionals;
        const removed = await withAdminSession(io, ({ context }) => context.get(catalogue.service).remove(propertyId));
        io.stdout(
          removed
            ? `${catalogue.label} ${propertyId} removed; the values ${catalogue.holders} have are kept\n`
            : `${catalogue.label} ${propertyId} was removed already\n`,
        );
        return 0;
      }
      default:
        throw new UsageError(`Unknown ${catalogue.command} command "${action ?? ''}"`);
    }
  };
}
