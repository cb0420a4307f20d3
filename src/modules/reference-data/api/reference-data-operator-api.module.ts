import { Module } from '@nestjs/common';
import { AuditModule } from '../../audit';
import { ReferenceDataModule } from '../reference-data.module';
import { CommunicationChannelsOperatorController } from './communication-channels-operator.controller';
import { EngagementSetupsOperatorController } from './engagement-setups-operator.controller';
import { PartnerPropertiesOperatorController } from './partner-properties-operator.controller';
import { PartnersOperatorController } from './partners-operator.controller';
import { StorePropertiesOperatorController } from './store-properties-operator.controller';
import { StoreGroupsOperatorController } from './store-groups-operator.controller';
import { StoresOperatorController } from './stores-operator.controller';

@Module({
  imports: [ReferenceDataModule, AuditModule],
  controllers: [
    StoresOperatorController,
    StoreGroupsOperatorController,
    PartnersOperatorController,
    CommunicationChannelsOperatorController,
    EngagementSetupsOperatorController,
    PartnerPropertiesOperatorController,
    StorePropertiesOperatorController,
  ],
})
export class ReferenceDataOperatorApiModule {}
