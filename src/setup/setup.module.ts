import { Module } from '@nestjs/common';
import { AuthModule } from '../modules/auth';
import { LoyaltyModule } from '../modules/loyalty';
import { ReferenceDataModule } from '../modules/reference-data';
import { ProjectSetupService } from './project-setup.service';

@Module({ imports: [AuthModule, LoyaltyModule, ReferenceDataModule], providers: [ProjectSetupService], exports: [ProjectSetupService] })
export class SetupModule {}
