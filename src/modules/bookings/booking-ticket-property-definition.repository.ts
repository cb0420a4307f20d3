import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import { PropertyCatalogueDefinitionRepository } from '../reference-data';
import { BookingTicketPropertyService } from './booking-ticket-property.service';

/** Booking ticket properties as the operator defines them. */
@Injectable()
export class BookingTicketPropertyDefinitionRepository extends PropertyCatalogueDefinitionRepository {
  constructor(@InjectDataSource() dataSource: DataSource, catalogue: BookingTicketPropertyService) {
    super(dataSource, catalogue, 'booking_ticket_property');
  }
}
