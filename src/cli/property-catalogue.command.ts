import { BookingTicketPropertyService } from '../modules/bookings';
import { ProductPropertyService } from '../modules/catalogue';
import { PartnerPropertyService, PropertyCatalogue } from '../modules/reference-data';
import { TaskPropertyService } from '../modules/tasks';
import { withAdminSession } from './admin-session';
import { CliAction, commandOf, defineAction, listAction, removeAction } from './command-actions';
import {
  PropertyDefinitionInputDto,
  propertyListColumns,
  propertyListRow,
  PropertyListStyle,
  toPropertyDefinition,
} from './property-definition';

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

function propertyCatalogueCommand(catalogue: CatalogueCommand): CliAction {
  return commandOf(catalogue.command, {
    list: listAction(propertyListColumns(LIST_STYLE), async (context) =>
      [...(await context.get(catalogue.service).all()).values()].map((property) => propertyListRow(property, LIST_STYLE)),
    ),
    define: defineAction(PropertyDefinitionInputDto, 'property', async (input, io) => {
      const outcome = await withAdminSession(io, ({ context }) => context.get(catalogue.service).define(toPropertyDefinition(input)));
      return `${catalogue.label} ${input.property_id} ${outcome}`;
    }),
    remove: removeAction('PROPERTY_ID', (context, propertyId) => context.get(catalogue.service).remove(propertyId), {
      removed: (propertyId) => `${catalogue.label} ${propertyId} removed; the values ${catalogue.holders} have are kept`,
      notRemoved: (propertyId) => `${catalogue.label} ${propertyId} was removed already`,
    }),
  });
}
