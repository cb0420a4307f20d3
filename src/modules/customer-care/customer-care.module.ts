import { Module } from '@nestjs/common';
import { LoyaltyModule } from '../loyalty';
import { MessagingModule } from '../messaging';
import { ReferenceDataModule } from '../reference-data';
import { CustomerCareRepository } from './customer-care.repository';
import { CustomerCareService } from './customer-care.service';
import { PrivacyRepository } from './privacy.repository';
import { PrivacyService } from './privacy.service';

/** The services behind the operator API: no controllers of its own. */
@Module({
  imports: [LoyaltyModule, MessagingModule, ReferenceDataModule],
  providers: [CustomerCareRepository, CustomerCareService, PrivacyRepository, PrivacyService],
  exports: [CustomerCareService, PrivacyService],
})
export class CustomerCareModule {}
