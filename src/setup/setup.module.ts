import { Module } from '@nestjs/common';
import { AuthModule } from '../modules/auth/auth.module';
import { ReferenceDataModule } from '../modules/reference-data/reference-data.module';
import { ProjectSetupService } from './project-setup.service';

@Module({ imports: [AuthModule, ReferenceDataModule], providers: [ProjectSetupService], exports: [ProjectSetupService] })
export class SetupModule {}
