import { INestApplicationContext } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { DataSource } from 'typeorm';
import { ApiInterface } from '@tessera/http';
import { AdminContextModule } from '../../src/cli/admin-context.module';
import { loadConfig } from '../../src/config/app-config';
import { DeviceTokenService, ExternalApplicationService, LoginThrottleService } from '../../src/modules/auth';
import { cloneTemplateDatabase } from '../support/test-database';

describe('auth services on PostgreSQL', () => {
  let context: INestApplicationContext;
  let drop: () => Promise<void>;

  beforeAll(async () => {
    const database = await cloneTemplateDatabase();
    drop = database.drop;
    const config = loadConfig({ TESSERA_DATA_DIR: '/nonexistent-test-data', TESSERA_LOGIN_MAX_FAILURES: '2', TESSERA_LOGIN_LOCK: '1s' });
    context = await NestFactory.createApplicationContext(AdminContextModule.forRoot(config, database.url), { logger: false });
  });
  afterAll(async () => {
    await context.close();
    await drop();
  });

  it('locks a login after the configured failures, case-insensitively, and unlocks after the lock time', async () => {
    const throttle = context.get(LoginThrottleService);
    await throttle.recordFailure('scope', 'Carol');
    await expect(throttle.assertNotLocked('scope', 'carol')).resolves.toBeUndefined();
    await throttle.recordFailure('scope', 'carol');
    await expect(throttle.assertNotLocked('scope', 'CAROL')).rejects.toMatchObject({ code: 'login_locked' });
    await expect(throttle.assertNotLocked('other-scope', 'carol')).resolves.toBeUndefined();
    await new Promise((resolve) => setTimeout(resolve, 1100));
    await expect(throttle.assertNotLocked('scope', 'carol')).resolves.toBeUndefined();
    // After an expired lock the count starts again.
    await throttle.recordFailure('scope', 'carol');
    await expect(throttle.assertNotLocked('scope', 'carol')).resolves.toBeUndefined();
  });

  it('keeps one live token per device and application even under concurrent creation', async () => {
    const applicationId = await context.get(ExternalApplicationService).create('app', ApiInterface.Customer);
    const tokens = context.get(DeviceTokenService);
    const input = {
      device: { device_id: 'same-device', device_system: 's', device_name: 'n', device_type: 't' },
      setup: { language_id: 'en', allowed_gps: true, allowed_notifications: true },
      external_application_id: applicationId,
    };
    const results = await Promise.allSettled(Array.from({ length: 5 }, () => tokens.create(input)));
    expect(results.every((r) => r.status === 'fulfilled')).toBe(true);
    const [{ live }] = await context
      .get(DataSource)
      .query(`SELECT count(*)::int AS live FROM device_tokens WHERE device_id = 'same-device' AND revoked_at IS NULL`);
    expect(live).toBe(1);
  });
});
