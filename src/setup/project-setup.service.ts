import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import { AuthSetupService, DemoCredentials } from '../modules/auth/auth-setup.service';
import { ReferenceDataSetupService } from '../modules/reference-data/reference-data-setup.service';

const INITIALIZED_KEY = 'initialized_at';

/**
 * Makes a fresh installation usable: every context's defaults are ensured on each start (idempotent),
 * and on the very first start a demo application per interface and a demo API user are created.
 */
@Injectable()
export class ProjectSetupService {
  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly auth: AuthSetupService,
    private readonly referenceData: ReferenceDataSetupService,
  ) {}

  /** Returns the demo credentials when this call initialised the project, otherwise null. */
  async ensure(options: { createDemo: boolean }): Promise<DemoCredentials | null> {
    await this.referenceData.ensureDefaults();
    await this.auth.ensureDefaults();
    const inserted: unknown[] = await this.dataSource.query(
      `INSERT INTO project_settings (key, value) VALUES ($1, to_jsonb(now())) ON CONFLICT (key) DO NOTHING RETURNING key`,
      [INITIALIZED_KEY],
    );
    const firstStart = inserted.length > 0;
    return firstStart && options.createDemo ? this.auth.createDemoSetup() : null;
  }
}
