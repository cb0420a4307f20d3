import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { Repository } from 'typeorm';
import { newId, pageInMemory } from '@tessera/core';
import { CommonException, InvalidReason, Page, PageRequest } from '@tessera/http';
import { ChangeFeed, definitionSnapshot, DefinitionRows, MemorySnapshot } from '../../platform/change-feed';
import { CustomerEngagementSetupEntity } from './entities/customer-engagement-setup.entity';

export const ENGAGEMENT_SETUP_SORT_FIELDS = ['setup_id', 'state'] as const;
export type EngagementSetupSortField = (typeof ENGAGEMENT_SETUP_SORT_FIELDS)[number];

export const EngagementSetupState = { Deleted: 0, Active: 1, Inactive: 2 } as const;

/** A setup as the operator defines it: serialized JSON, active unless given as inactive. */
export interface EngagementSetupDefinition {
  setup: string;
  state?: typeof EngagementSetupState.Active | typeof EngagementSetupState.Inactive;
}

const RESOURCE = 'customer-engagement-setups';

/**
 * Setups of the web tracking script, which reads them without a token when it starts. The operator
 * writes them with the admin CLI; the API lists every setup with its state, removed ones (state 0)
 * included, so a script holding an old id learns that it is gone.
 */
@Injectable()
export class EngagementSetupService {
  private readonly definitions: MemorySnapshot<DefinitionRows<CustomerEngagementSetupEntity, EngagementSetupSortField>>;

  constructor(
    @InjectRepository(CustomerEngagementSetupEntity) private readonly setups: Repository<CustomerEngagementSetupEntity>,
    changes: ChangeFeed,
  ) {
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

  /** Every setup, removed ones included, by id: the operator's overview. */
  listAll(): Promise<CustomerEngagementSetupEntity[]> {
    return this.setups.find({ order: { id: 'ASC' } });
  }

  async create(definition: EngagementSetupDefinition): Promise<string> {
    const id = newId();
    await this.setups.insert({ id, setup: checkedSetup(definition.setup), state: definition.state ?? EngagementSetupState.Active });
    return id;
  }

  /** Replaces the setup, restoring a removed one; 404 when there is none. */
  async update(setupId: string, definition: EngagementSetupDefinition): Promise<void> {
    const setup = checkedSetup(definition.setup);
    const result = await this.setups.update(
      { id: setupId },
      { setup, state: definition.state ?? EngagementSetupState.Active, lastChange: new Date() },
    );
    if (!result.affected) throw CommonException.recordNotFound(RESOURCE, setupId);
  }

  /** Marks the setup removed (state 0); false when it was removed already, 404 when there is none. */
  async remove(setupId: string): Promise<boolean> {
    const setup = await this.setups.findOne({ where: { id: setupId } });
    if (!setup) throw CommonException.recordNotFound(RESOURCE, setupId);
    if (setup.state === EngagementSetupState.Deleted) return false;
    await this.setups.update({ id: setupId }, { state: EngagementSetupState.Deleted, lastChange: new Date() });
    return true;
  }
}

/** The API promises serialized JSON, so only text holding a JSON object or array is stored. */
function checkedSetup(setup: string): string {
  let parsed: unknown;
  try {
    parsed = JSON.parse(setup);
  } catch {
    parsed = undefined;
  }
  if (parsed === null || typeof parsed !== 'object') {
    throw CommonException.invalid('setup', InvalidReason.InvalidValueFormat, 'The setup must be serialized JSON of an object or array');
  }
  return setup;
}
