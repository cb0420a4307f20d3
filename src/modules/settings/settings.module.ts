import { Module } from '@nestjs/common';
import { SecretCipher } from '../../platform/secret-cipher';
import { AuditModule } from '../audit';
import { OperatorSettingRepository } from './operator-setting.repository';
import { SettingsService } from './settings.service';

@Module({ imports: [AuditModule], providers: [SecretCipher, OperatorSettingRepository, SettingsService], exports: [SettingsService] })
export class SettingsModule {}
