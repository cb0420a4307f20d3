import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { Repository, SelectQueryBuilder } from 'typeorm';
import { fetchPage, likePattern, newId } from '@tessera/core';
import { Actor, CommonException, InvalidReason, Page, PageRequest } from '@tessera/http';
import { CampaignFieldsDto } from './dto/campaign.dto';
import { CampaignEntity, CampaignState } from './entities/campaign.entity';

const CAMPAIGN_SORT_COLUMNS = {
  campaign_id: 'c.id',
  idcampaign: 'c.id',
  external_id: 'c.externalId',
  parent_id: 'c.parentId',
  name: 'c.name',
  last_change: 'c.lastChange',
  state: 'c.state',
} as const;
export type CampaignSortField = keyof typeof CAMPAIGN_SORT_COLUMNS;
export const CAMPAIGN_SORT_FIELDS = Object.keys(CAMPAIGN_SORT_COLUMNS) as CampaignSortField[];

export interface CampaignFilter {
  /** Part of the name, without regard to letter case. */
  name?: string;
  external_id?: string;
}

/** A campaign as the operator defines it: the API's fields, and active (1) or inactive (2). */
export interface CampaignDefinition extends CampaignFieldsDto {
  state?: CampaignState.Active | CampaignState.Inactive;
}

/**
 * Campaigns: created through the API or by the operator, changed and removed only by the operator.
 * The Customer interface sees active campaigns only; any other is as absent there as a missing one.
 */
@Injectable()
export class CampaignService {
  constructor(@InjectRepository(CampaignEntity) private readonly campaigns: Repository<CampaignEntity>) {}

  async list(actor: Actor, filter: CampaignFilter, page: PageRequest<CampaignSortField>): Promise<Page<CampaignEntity>> {
    const query = this.visibleTo(actor);
    if (filter.name) query.andWhere('c.name ILIKE :name', { name: likePattern(filter.name) });
    if (filter.external_id !== undefined) query.andWhere('c.external_id = :externalId', { externalId: filter.external_id });
    return fetchPage(query, page, CAMPAIGN_SORT_COLUMNS, 'c.id', { oneRowPerRecord: true });
  }

  async get(actor: Actor, campaignId: string): Promise<CampaignEntity> {
    const campaign = await this.visibleTo(actor).andWhere('c.campaign_id = :campaignId', { campaignId }).getOne();
    if (!campaign) throw CommonException.recordNotFound('campaigns', campaignId);
    return campaign;
  }

  /** A new active campaign, under a parent the caller can see. */
  async create(actor: Actor, input: CampaignFieldsDto): Promise<string> {
    if (input.parent_id !== undefined) await this.requireUsable(actor, input.parent_id, 'campaign.parent_id');
    const id = newId();
    await this.campaigns.insert({ id, ...columnsOf(input, CampaignState.Active) });
    return id;
  }

  /**
   * Fails with a 400 naming `field` unless the caller may refer to the campaign: on the Customer
   * interface an active one (`not_found` otherwise), on the Enterprise interface any that is not removed.
   */
  async requireUsable(actor: Actor | null, campaignId: string, field: string): Promise<void> {
    const campaign = await this.campaigns.findOne({ select: { id: true, state: true }, where: { id: campaignId } });
    if (!campaign || (actor?.kind === 'device' && campaign.state !== CampaignState.Active)) {
      throw CommonException.invalid(field, InvalidReason.NotFound, 'No campaign has this id', campaignId);
    }
    if (campaign.state === CampaignState.Deleted)
      throw CommonException.invalid(field, InvalidReason.Deleted, 'The campaign is removed', campaignId);
  }

  // ---- the operator's (admin CLI) ----

  /** Every campaign whatever its state, by name. */
  listAll(): Promise<CampaignEntity[]> {
    return this.campaigns.createQueryBuilder('c').orderBy('c.name').addOrderBy('c.id').getMany();
  }

  /**
   * Creates a campaign, or with `campaignId` replaces one (restoring it if removed); a parent must not
   * be removed, nor be the campaign itself or one beneath it.
   */
  async define(definition: CampaignDefinition, campaignId?: string): Promise<string> {
    if (campaignId !== undefined && !(await this.campaigns.exists({ where: { id: campaignId } }))) {
      throw CommonException.invalid('campaign_id', InvalidReason.NotFound, 'No campaign has this id', campaignId);
    }
    if (definition.parent_id !== undefined) {
      await this.requireUsable(null, definition.parent_id, 'parent_id');
      if (campaignId !== undefined && (await this.isWithin(definition.parent_id, campaignId))) {
        throw CommonException.invalid(
          'parent_id',
          InvalidReason.NotAllowedValue,
          'The parent would be the campaign itself or one beneath it',
          definition.parent_id,
        );
      }
    }
    const columns = columnsOf(definition, definition.state ?? CampaignState.Active);
    if (campaignId === undefined) {
      const id = newId();
      await this.campaigns.insert({ id, ...columns });
      return id;
    }
    await this.campaigns.update({ id: campaignId }, { ...columns, lastChange: () => 'now()' });
    return campaignId;
  }

  /** Marks the campaign removed (state 0), keeping it and its campaign products; false when it was removed already. */
  async remove(campaignId: string): Promise<boolean> {
    const campaign = await this.campaigns.findOne({ where: { id: campaignId } });
    if (!campaign) throw CommonException.recordNotFound('campaigns', campaignId);
    if (campaign.state === CampaignState.Deleted) return false;
    await this.campaigns.update({ id: campaignId }, { state: CampaignState.Deleted, lastChange: () => 'now()' });
    return true;
  }

  /** Whether `campaignId` is `ancestorId` or lies beneath it. */
  private async isWithin(campaignId: string, ancestorId: string): Promise<boolean> {
    const [row] = await this.campaigns.query<{ within: boolean }[]>(
      `WITH RECURSIVE chain(id) AS (
         SELECT $1::varchar
         UNION SELECT c.parent_id FROM campaigns c JOIN chain ON c.campaign_id = chain.id WHERE c.parent_id IS NOT NULL
       )
       SELECT EXISTS (SELECT 1 FROM chain WHERE id = $2) AS within`,
      [campaignId, ancestorId],
    );
    return row.within;
  }

  private visibleTo(actor: Actor): SelectQueryBuilder<CampaignEntity> {
    const query = this.campaigns.createQueryBuilder('c');
    if (actor.kind === 'device') query.andWhere('c.state = :active', { active: CampaignState.Active });
    return query;
  }
}

function columnsOf(input: CampaignFieldsDto, state: CampaignState): Omit<CampaignEntity, 'id' | 'lastChange'> {
  return { name: input.name, externalId: input.external_id ?? null, parentId: input.parent_id ?? null, state };
}
