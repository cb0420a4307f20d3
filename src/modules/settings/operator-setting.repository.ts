import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource, EntityManager } from 'typeorm';
import { KEY_SETTINGS } from '../../config/effective-settings';
import { OPERATOR_SETTINGS_TABLE, readOperatorSettings } from '../../platform/live-settings';
import { SecretCipher } from '../../platform/secret-cipher';

/** Settings saved through the operator API, by environment variable name; signing keys are stored encrypted. */
@Injectable()
export class OperatorSettingRepository {
  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly cipher: SecretCipher,
  ) {}

  /** Every saved value, opened; within `manager`'s transaction when given. */
  saved(manager: EntityManager = this.dataSource.manager): Promise<Record<string, string>> {
    return readOperatorSettings((sql, parameters) => manager.query(sql, parameters), undefined, this.cipher);
  }

  async save(manager: EntityManager, name: string, value: string): Promise<void> {
    const encrypted = KEY_SETTINGS.has(name);
    await manager.query(
      `INSERT INTO ${OPERATOR_SETTINGS_TABLE} (name, value, encrypted) VALUES ($1, $2, $3)
       ON CONFLICT (name) DO UPDATE SET value = EXCLUDED.value, encrypted = EXCLUDED.encrypted, changed_at = now()`,
      [name, encrypted ? this.cipher.encrypt(value) : value, encrypted],
    );
  }

  async remove(manager: EntityManager, name: string): Promise<void> {
    await manager.query(`DELETE FROM ${OPERATOR_SETTINGS_TABLE} WHERE name = $1`, [name]);
  }
}
