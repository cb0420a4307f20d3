import { Module } from '@nestjs/common';
import { AuditModule } from '../../audit';
import { EventsModule } from '../events.module';
import { EventGroupsOperatorController } from './event-groups-operator.controller';
import { EventPropertiesOperatorController } from './event-properties-operator.controller';
import { EventTypesOperatorController } from './event-types-operator.controller';

@Module({
  imports: [EventsModule, AuditModule],
  controllers: [EventGroupsOperatorController, EventTypesOperatorController, EventPropertiesOperatorController],
})
export class EventsOperatorApiModule {}
