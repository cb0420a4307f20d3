import { Module } from '@nestjs/common';
import { SettingsModule } from '../settings.module';
import { SettingsOperatorController } from './settings-operator.controller';

@Module({ imports: [SettingsModule], controllers: [SettingsOperatorController] })
export class SettingsOperatorApiModule {}
