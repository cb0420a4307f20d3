import { Inject, Injectable } from '@nestjs/common';
import { CommonException, InvalidReason } from '@tessera/http';
import { EntityManager } from 'typeorm';
import { AppConfig, BEFORE_DATABASE, SettingKey } from '../../config/app-config';
import { APP_CONFIG } from '../../config/app-config.module';
import { effectiveSettings, EffectiveSetting, parseError, settingKeyOf, shownValue } from '../../config/effective-settings';
import { LiveSettings } from '../../platform/live-settings';
import { AuditActor, AuditTrail } from '../audit';
import { SettingDto } from './dto/setting.dto';
import { OperatorSettingRepository } from './operator-setting.repository';

export interface SettingChange {
  setting: SettingDto;
  restart_required: string[];
  overridden_by_environment: string[];
}

const toDto = (setting: EffectiveSetting): SettingDto => ({
  name: setting.env,
  value: shownValue(setting.env, setting.value),
  source: setting.source,
  applies: setting.appliesLive ? 'at_once' : 'restart',
  help: setting.help,
  error: setting.error,
});

/**
 * The settings every instance on this database runs with, for the operator API: a value saved here is
 * kept in the database with its audit row, and running instances take it at once where it can change
 * under them (`APPLIED_LIVE`), otherwise when they restart. The environment outranks it; the data
 * directory's file (`tessera config set`) and the defaults come after it. Secrets are masked in answers
 * and in the audit trail.
 */
@Injectable()
export class SettingsService {
  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly audit: AuditTrail,
    private readonly saved: OperatorSettingRepository,
    private readonly live: LiveSettings,
  ) {}

  async list(): Promise<SettingDto[]> {
    return (await this.current()).map(toDto);
  }

  async change(actor: AuditActor, name: string, value: string): Promise<SettingChange> {
    const key = this.writableKey(name);
    const problem = parseError(key, value);
    if (problem) throw CommonException.invalid('value', InvalidReason.InvalidValueFormat, problem, shownValue(name.toUpperCase(), value));
    return this.audited(actor, key, (manager, env) => this.saved.save(manager, env, value));
  }

  async reset(actor: AuditActor, name: string): Promise<SettingChange> {
    return this.audited(actor, this.writableKey(name), (manager, env) => this.saved.remove(manager, env));
  }

  private writableKey(name: string): SettingKey {
    const key = settingKeyOf(name);
    if (!key) throw CommonException.recordNotFound('settings', name);
    if (BEFORE_DATABASE.has(key)) {
      throw CommonException.invalid(
        'name',
        InvalidReason.NotAllowedValue,
        'This setting is needed before the database is reached: set it in the environment or with `tessera config set`',
        name,
      );
    }
    return key;
  }

  private async audited(
    actor: AuditActor,
    key: SettingKey,
    write: (manager: EntityManager, env: string) => Promise<void>,
  ): Promise<SettingChange> {
    const change = await this.audit.audited(actor, async (manager) => {
      const before = toDto(await this.currentOf(key, manager));
      await write(manager, before.name);
      const after = await this.currentOf(key, manager);
      const overridden = after.source === 'env';
      const value: SettingChange = {
        setting: toDto(after),
        // An instance runs a value it cannot take live until it restarts, a reset one included.
        restart_required: !after.appliesLive && !overridden ? [after.env] : [],
        overridden_by_environment: overridden ? [after.env] : [],
      };
      return { value, targetType: 'setting', targetId: after.env, before, after: toDto(after) };
    });
    // The change feed tells every instance; this one answers with the value already applied.
    await this.live.refresh();
    return change;
  }

  private async currentOf(key: SettingKey, manager: EntityManager): Promise<EffectiveSetting> {
    return (await this.current(manager)).find((setting) => setting.key === key)!;
  }

  private async current(manager?: EntityManager): Promise<EffectiveSetting[]> {
    return effectiveSettings(this.config.environment, this.config.dataDir, await this.saved.saved(manager));
  }
}
