import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { CustomersModule } from '../customers';
import { CustomerEventService } from './customer-event.service';
import { CustomerEventEntity, EventTypeEntity } from './entities/customer-event.entity';

/** Customer events and their outbox. */
@Module({
  imports: [CustomersModule, TypeOrmModule.forFeature([EventTypeEntity, CustomerEventEntity])],
  providers: [CustomerEventService],
  exports: [CustomerEventService],
})
export class EventsModule {}
