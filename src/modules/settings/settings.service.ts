import { Inject, Injectable } from '@nestjs/common';
import { CommonException, InvalidReason } from '@tessera/http';
import { AppConfig } from '../../config/app-config';
import { APP_CONFIG } from '../../config/app-config.module';
import { effectiveSettings, EffectiveSetting, removeSetting, saveSetting, settingKeyOf, shownValue } from '../../config/effective-settings';
import { AuditActor, AuditTrail } from '../audit';
import { SettingDto } from './dto/setting.dto';

export interface SettingChange {
  setting: SettingDto;
  restart_required: string[];
}

const toDto = (setting: EffectiveSetting): SettingDto => ({
  name: setting.env,
  value: shownValue(setting.env, setting.value),
  source: setting.source,
  applies: setting.readAtStartUp ? 'restart' : 'at_once',
  help: setting.help,
  error: setting.error,
});

/**
 * The settings of this server as `tessera config` shows and saves them (the data directory's file),
 * for the operator API; each change is audited with secrets masked.
 */
@Injectable()
export class SettingsService {
  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly audit: AuditTrail,
  ) {}

  list(): SettingDto[] {
    return this.current().map(toDto);
  }

  async change(actor: AuditActor, name: string, value: string): Promise<SettingChange> {
    return this.audited(actor, name, (key) => {
      const problem = saveSetting(this.config.dataDir, key, value);
      if (problem) throw CommonException.invalid('value', InvalidReason.InvalidValueFormat, problem, shownValue(name.toUpperCase(), value));
    });
  }

  async reset(actor: AuditActor, name: string): Promise<SettingChange> {
    return this.audited(actor, name, (key) => void removeSetting(this.config.dataDir, key));
  }

  private async audited(
    actor: AuditActor,
    name: string,
    write: (key: NonNullable<ReturnType<typeof settingKeyOf>>) => void,
  ): Promise<SettingChange> {
    const key = settingKeyOf(name);
    if (!key) throw CommonException.recordNotFound('settings', name);
    return this.audit.audited(actor, async () => {
      const before = toDto(this.current().find((setting) => setting.key === key)!);
      write(key);
      const after = toDto(this.current().find((setting) => setting.key === key)!);
      // Every setting is read at start-up today (READ_AT_START_UP), so each change waits for a restart.
      const value = { setting: after, restart_required: after.applies === 'restart' ? [after.name] : [] };
      return { value, targetType: 'setting', targetId: after.name, before, after };
    });
  }

  private current(): EffectiveSetting[] {
    return effectiveSettings(process.env, this.config.dataDir);
  }
}
