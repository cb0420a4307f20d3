import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource, EntityManager } from 'typeorm';
import { likePattern, queryRowPage } from '@tessera/core';
import { Page, PageRequest } from '@tessera/http';
import { DefinitionFilter, DefinitionState, DefinitionStore } from '../audit';
import { CampaignService } from './campaign.service';
import { CampaignDefinitionDto, CampaignDefinitionViewDto } from './dto/campaign-definition.dto';

interface CampaignRow {
  campaign_id: string;
  name: string;
  external_id: string | null;
  parent_id: string | null;
  audience_id: string | null;
  state: number;
  last_change: Date;
}

const CAMPAIGN_COLUMNS = 'campaign_id, name, external_id, parent_id, audience_id, state, last_change';

/** Empty fields are left out, so that `show` prints a file `change` takes back. */
const toView = (row: CampaignRow): CampaignDefinitionViewDto => ({
  campaign_id: row.campaign_id,
  name: row.name,
  ...(row.external_id !== null && { external_id: row.external_id }),
  ...(row.parent_id !== null && { parent_id: row.parent_id }),
  ...(row.audience_id !== null && { audience_id: row.audience_id }),
  state: row.state,
  last_change: new Date(row.last_change).toISOString(),
});

/**
 * Campaigns as the operator defines them: found by id only (external ids need not be unique); the
 * writes are the service's, which keeps parents from forming a loop.
 */
@Injectable()
export class CampaignDefinitionRepository implements DefinitionStore<CampaignDefinitionDto, CampaignDefinitionViewDto> {
  readonly kind = 'campaign';
  readonly resource = 'campaigns';

  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly campaigns: CampaignService,
  ) {}

  async list(filter: DefinitionFilter, page: PageRequest): Promise<Page<CampaignDefinitionViewDto>> {
    const found = await queryRowPage<CampaignRow>(
      this.dataSource,
      {
        columns: CAMPAIGN_COLUMNS,
        from: 'campaigns',
        conditions: ['($1::text IS NULL OR name ILIKE $1 OR external_id ILIKE $1)', '($2::smallint IS NULL OR state = $2)'],
        params: [filter.q ? likePattern(filter.q) : null, filter.state ?? null],
        orderBy: ['name'],
        id: 'campaign_id',
      },
      page,
    );
    return { items: found.items.map(toView), total: found.total };
  }

  async find(key: string, manager: EntityManager): Promise<CampaignDefinitionViewDto | null> {
    const [row] = await manager.query<CampaignRow[]>(`SELECT ${CAMPAIGN_COLUMNS} FROM campaigns WHERE campaign_id = $1`, [key]);
    return row ? toView(row) : null;
  }

  idOf(view: CampaignDefinitionViewDto): string {
    return view.campaign_id;
  }

  async insert(input: CampaignDefinitionDto, manager: EntityManager): Promise<string> {
    return this.campaigns.define(input, undefined, manager);
  }

  async update(id: string, input: CampaignDefinitionDto, manager: EntityManager): Promise<void> {
    await this.campaigns.define(input, id, manager);
  }

  async setState(id: string, state: DefinitionState, manager: EntityManager): Promise<void> {
    await this.campaigns.setState(id, state, manager);
  }
}
