import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { CustomersModule } from '../customers';
import { ReferenceDataModule } from '../reference-data';
import { CustomerEventService } from './customer-event.service';
import { CustomerEventEntity, EventPropertyRecordEntity } from './entities/customer-event.entity';
import { EventGroupEntity, EventTypeEntity, EventTypePropertyEntity } from './entities/event-catalogue.entity';
import { EventCatalogueService } from './event-catalogue.service';
import { EventGroupDefinitionRepository } from './event-group-definition.repository';
import { EventPropertyDefinitionRepository } from './event-property-definition.repository';
import { EventTypeDefinitionRepository } from './event-type-definition.repository';
import { EventDefinitionService } from './event-definition.service';
import { EventPostService } from './event-post.service';
import { EventPostHooks } from './event-post.hooks';
import { EventPropertyService } from './event-property.service';

/** Customer events and their outbox, and the catalogue of event groups, types and properties. */
@Module({
  imports: [
    CustomersModule,
    ReferenceDataModule,
    TypeOrmModule.forFeature([EventGroupEntity, EventTypeEntity, EventTypePropertyEntity, CustomerEventEntity, EventPropertyRecordEntity]),
  ],
  providers: [
    CustomerEventService,
    EventCatalogueService,
    EventPostService,
    EventPostHooks,
    EventDefinitionService,
    EventPropertyService,
    EventGroupDefinitionRepository,
    EventTypeDefinitionRepository,
    EventPropertyDefinitionRepository,
  ],
  exports: [
    CustomerEventService,
    EventCatalogueService,
    EventPostService,
    EventPostHooks,
    EventDefinitionService,
    EventGroupDefinitionRepository,
    EventTypeDefinitionRepository,
    EventPropertyDefinitionRepository,
  ],
})
export class EventsModule {}
