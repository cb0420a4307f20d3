import { Module } from '@nestjs/common';
import { AuthModule } from '../modules/auth/auth.module';
import { ProjectSetupService } from './project-setup.service';

@Module({ imports: [AuthModule], providers: [ProjectSetupService], exports: [ProjectSetupService] })
export class SetupModule {}
