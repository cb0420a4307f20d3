import { Module } from '@nestjs/common';
import { AuthModule } from '../modules/auth/auth.module';
import { LoyaltyModule } from '../modules/loyalty/loyalty.module';
import { ReferenceDataModule } from '../modules/reference-data/reference-data.module';
import { ProjectSetupService } from './project-setup.service';

@Module({ imports: [AuthModule, LoyaltyModule, ReferenceDataModule], providers: [ProjectSetupService], exports: [ProjectSetupService] })
export class SetupModule {}
