/** What other contexts may use of customer events. */
export { EventsModule } from './events.module';
export { CustomerEventService } from './customer-event.service';
