import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import { AuthSetupService, DemoCredentials } from '../modules/auth';
import { LoyaltySetupService } from '../modules/loyalty';
import { ReferenceDataSetupService } from '../modules/reference-data';

const DEMO_CREATED_KEY = 'demo_created_at';

/**
 * Makes a fresh installation usable: every context's defaults are ensured on each start (idempotent),
 * and on the first server start a demo application per interface and a demo API user are created
 * (admin commands run before it do not use that moment up).
 */
@Injectable()
export class ProjectSetupService {
  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly auth: AuthSetupService,
    private readonly referenceData: ReferenceDataSetupService,
    private readonly loyalty: LoyaltySetupService,
  ) {}

  /** Returns the demo credentials when this call created them, otherwise null. */
  async ensure(options: { createDemo: boolean }): Promise<DemoCredentials | null> {
    await this.referenceData.ensureDefaults();
    await this.auth.ensureDefaults();
    await this.loyalty.ensureDefaults();
    if (!options.createDemo) return null;
    return this.dataSource.transaction(async (manager) => {
      const inserted: unknown[] = await manager.query(
        `INSERT INTO project_settings (key, value) VALUES ($1, to_jsonb(now())) ON CONFLICT (key) DO NOTHING RETURNING key`,
        [DEMO_CREATED_KEY],
      );
      return inserted.length > 0 ? this.auth.createDemoSetup(manager) : null;
    });
  }
}
