import { Module } from '@nestjs/common';
import { AuditModule } from '../audit';
import { LoyaltyModule } from '../loyalty';
import { MessagingModule } from '../messaging';
import { ReferenceDataModule } from '../reference-data';
import { CustomerCareRepository } from './customer-care.repository';
import { CustomerCareService } from './customer-care.service';
import { PrivacyRepository } from './privacy.repository';
import { PrivacyService } from './privacy.service';

/** Customer care and privacy requests, served on the operator API. */
@Module({
  imports: [AuditModule, LoyaltyModule, MessagingModule, ReferenceDataModule],
  providers: [CustomerCareRepository, CustomerCareService, PrivacyRepository, PrivacyService],
  exports: [CustomerCareService, PrivacyService],
})
export class CustomerCareModule {}
