import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { ReferenceDataModule } from '../reference-data';
import { AgreementDefinitionRepository } from './agreement-definition.repository';
import { CustomerAccountService } from './customer-account.service';
import { CustomerRegistrationStep } from './customer-registration.step';
import { CustomerAddressService } from './customer-address.service';
import { CustomerDefinitionService } from './customer-definition.service';
import { CustomerInterestService } from './customer-interest.service';
import { CustomerPartnerService } from './customer-partner.service';
import { CustomerPropertyDefinitionRepository } from './customer-property-definition.repository';
import { CustomerPropertyRecordService } from './customer-property-record.service';
import { CustomerPushService } from './customer-push.service';
import { CustomerReferralService } from './customer-referral.service';
import { CustomerRepository } from './customer.repository';
import { CustomerRelationService } from './customer-relation.service';
import { CustomerSourceRecordService } from './customer-source-record.service';
import { CustomerStatusService } from './customer-status.service';
import { CustomerService } from './customer.service';
import { CustomerTypeDefinitionRepository } from './customer-type-definition.repository';
import { CustomerAddressTypeDefinitionRepository } from './customer-address-type-definition.repository';
import { CustomerRelationTypeDefinitionRepository } from './customer-relation-type-definition.repository';
import { InterestDefinitionRepository } from './interest-definition.repository';
import {
  AgreementEntity,
  CustomerAddressTypeEntity,
  CustomerRelationTypeEntity,
  CustomerTypeEntity,
  InterestEntity,
  ReferralCampaignEntity,
} from './entities/customer-definitions.entity';
import { CustomerPhotoEntity } from './entities/customer-photo.entity';
import { CustomerPropertyEntity, CustomerPropertyItemEntity, CustomerPropertyRecordEntity } from './entities/customer-property.entity';
import {
  CustomerAddressEntity,
  CustomerConsentEntity,
  CustomerInterestRecordEntity,
  CustomerPartnerRecordEntity,
  CustomerPushRegistrationEntity,
  CustomerReferralEntity,
  CustomerRelationEntity,
  CustomerStatusRecordEntity,
} from './entities/customer-records.entity';
import { CustomerMilestoneHooks } from './customer-milestone.hooks';
import { CustomerSourceLinkEntity } from './entities/customer-source-link.entity';
import { CustomerEntity } from './entities/customer.entity';

const SERVICES = [
  CustomerMilestoneHooks,
  CustomerAccountService,
  CustomerRegistrationStep,
  CustomerService,
  CustomerDefinitionService,
  CustomerPropertyRecordService,
  CustomerPartnerService,
  CustomerStatusService,
  CustomerReferralService,
  CustomerInterestService,
  CustomerAddressService,
  CustomerRelationService,
  CustomerSourceRecordService,
  CustomerPushService,
  CustomerPropertyDefinitionRepository,
  InterestDefinitionRepository,
  AgreementDefinitionRepository,
  CustomerTypeDefinitionRepository,
  CustomerRelationTypeDefinitionRepository,
  CustomerAddressTypeDefinitionRepository,
];

@Module({
  imports: [
    ReferenceDataModule,
    TypeOrmModule.forFeature([
      CustomerEntity,
      CustomerPhotoEntity,
      CustomerSourceLinkEntity,
      CustomerPropertyEntity,
      CustomerPropertyItemEntity,
      CustomerPropertyRecordEntity,
      InterestEntity,
      CustomerAddressTypeEntity,
      CustomerRelationTypeEntity,
      CustomerTypeEntity,
      AgreementEntity,
      ReferralCampaignEntity,
      CustomerConsentEntity,
      CustomerInterestRecordEntity,
      CustomerAddressEntity,
      CustomerRelationEntity,
      CustomerPartnerRecordEntity,
      CustomerStatusRecordEntity,
      CustomerReferralEntity,
      CustomerPushRegistrationEntity,
    ]),
  ],
  providers: [...SERVICES, CustomerRepository],
  exports: SERVICES,
})
export class CustomersModule {}
