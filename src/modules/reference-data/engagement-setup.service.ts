import { Injectable } from '@nestjs/common';
import { pageInMemory } from '@tessera/core';
import { CommonException, Page, PageRequest } from '@tessera/http';
import { ChangeFeed, definitionSnapshot, DefinitionRows, MemorySnapshot } from '../../platform/change-feed';
import { CustomerEngagementSetupEntity } from './entities/customer-engagement-setup.entity';

export const ENGAGEMENT_SETUP_SORT_FIELDS = ['setup_id', 'state'] as const;
export type EngagementSetupSortField = (typeof ENGAGEMENT_SETUP_SORT_FIELDS)[number];

export const EngagementSetupState = { Deleted: 0, Active: 1, Inactive: 2 } as const;

const RESOURCE = 'customer-engagement-setups';

/**
 * Setups of the web tracking script, which reads them without a token when it starts. The operator
 * writes them (`EngagementSetupDefinitionRepository`); the API lists every setup with its state, removed
 * ones (state 0) included, so a script holding an old id learns that it is gone.
 */
@Injectable()
export class EngagementSetupService {
  private readonly definitions: MemorySnapshot<DefinitionRows<CustomerEngagementSetupEntity, EngagementSetupSortField>>;

  constructor(changes: ChangeFeed) {
    this.definitions = definitionSnapshot(changes, ['customer_engagement_setups'], CustomerEngagementSetupEntity, 'id', {
      setup_id: 'id',
      state: 'state',
    });
  }

  async list(page: PageRequest<EngagementSetupSortField>): Promise<Page<CustomerEngagementSetupEntity>> {
    return pageInMemory((await this.definitions.get()).ranked, () => true, page);
  }

  async get(setupId: string): Promise<CustomerEngagementSetupEntity> {
    const setup = (await this.definitions.get()).byId.get(setupId);
    if (!setup) throw CommonException.recordNotFound(RESOURCE, setupId);
    return setup;
  }
}
