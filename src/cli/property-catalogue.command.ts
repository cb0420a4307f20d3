import { BookingTicketPropertyService } from '../modules/bookings';
import { ProductPropertyService } from '../modules/catalogue';
import { PartnerPropertyService, PropertyCatalogue } from '../modules/reference-data';
import { TaskPropertyService } from '../modules/tasks';
import { withAdminSession } from './admin-session';
import { cliCommand, CliCommandModule, DefinitionFile } from './cli-command';
import { defineAction, listAndShow, removeAction } from './command-actions';
import {
  PROPERTY_EXAMPLE,
  PropertyDefinitionInputDto,
  propertyListColumns,
  propertyListRow,
  PropertyListStyle,
  toPropertyDefinition,
} from './property-definition';

const LIST_STYLE: PropertyListStyle = { removed: 'removed' };
const PROPERTY_FILE: DefinitionFile<PropertyDefinitionInputDto> = {
  type: PropertyDefinitionInputDto,
  what: 'property',
  example: PROPERTY_EXAMPLE,
};

interface CatalogueCommand {
  /** "Partner property". */
  label: string;
  /** What keeps the values of a removed property. */
  holders: string;
  service: new (...args: never[]) => PropertyCatalogue;
}

/** `tessera partner-property list|define|remove`: the custom fields of partners. */
export const partnerPropertyCommand = propertyCatalogueCommand({
  label: 'Partner property',
  holders: 'partners',
  service: PartnerPropertyService,
});

/** `tessera product-property list|define|remove`: the custom fields of products. */
export const productPropertyCommand = propertyCatalogueCommand({
  label: 'Product property',
  holders: 'products',
  service: ProductPropertyService,
});

/** `tessera task-property list|define|remove`: the custom fields of tasks. */
export const taskPropertyCommand = propertyCatalogueCommand({
  label: 'Task property',
  holders: 'tasks',
  service: TaskPropertyService,
});

/** `tessera booking-ticket-property list|define|remove`: the custom fields of booking tickets. */
export const bookingTicketPropertyCommand = propertyCatalogueCommand({
  label: 'Booking ticket property',
  holders: 'booking tickets',
  service: BookingTicketPropertyService,
});

function propertyCatalogueCommand(catalogue: CatalogueCommand): CliCommandModule {
  return cliCommand(
    {
      ...listAndShow(propertyListColumns(), async (context) =>
        [...(await context.get(catalogue.service).all()).values()].map((property) => propertyListRow(property, LIST_STYLE)),
      ),
      define: defineAction(PROPERTY_FILE, async (input, io) => {
        const outcome = await withAdminSession(io, ({ context }) => context.get(catalogue.service).define(toPropertyDefinition(input)));
        return `${catalogue.label} ${input.property_id} ${outcome}`;
      }),
      remove: removeAction((context, propertyId) => context.get(catalogue.service).remove(propertyId), {
        removed: (propertyId) => `${catalogue.label} ${propertyId} removed; the values ${catalogue.holders} have are kept`,
        notRemoved: (propertyId) => `${catalogue.label} ${propertyId} was removed already`,
      }),
    },
    PROPERTY_FILE,
  );
}
