import { propertyCatalogueOperatorController } from '../../reference-data';
import { BookingTicketPropertyDefinitionRepository } from '../booking-ticket-property-definition.repository';

/** The booking ticket property catalogue on the operator API, with the lifecycle every property catalogue shares. */
export const BookingTicketPropertiesOperatorController = propertyCatalogueOperatorController({
  resource: 'booking-ticket-properties',
  noun: 'booking ticket property',
  holders: 'booking tickets',
  store: BookingTicketPropertyDefinitionRepository,
});
