import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { EntityManager, Repository, SelectQueryBuilder } from 'typeorm';
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
  audience_id?: string | null;
}

/**
 * Campaigns: created through the API or by the operator, changed and deactivated only by the operator.
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
  async requireUsable(actor: Actor | null, campaignId: string, field: string, manager = this.campaigns.manager): Promise<void> {
    const campaign = await manager.findOne(CampaignEntity, { select: { id: true, state: true }, where: { id: campaignId } });
    if (!campaign || (actor?.kind === 'device' && campaign.state !== CampaignState.Active)) {
      throw CommonException.invalid(field, InvalidReason.NotFound, 'No campaign has this id', campaignId);
    }
    if (campaign.state === CampaignState.Deleted)
      throw CommonException.invalid(field, InvalidReason.Deleted, 'The campaign is deactivated', campaignId);
  }

  // ---- the operator's, in the caller's transaction (the definition lifecycle's) ----

  /**
   * Creates a campaign, or with `campaignId` replaces one (a deactivated one stays so); a parent must not
   * be deactivated, nor be the campaign itself or one beneath it.
   */
  async define(definition: CampaignDefinition, campaignId: string | undefined, manager: EntityManager): Promise<string> {
    if (definition.parent_id !== undefined) {
      await this.requireUsable(null, definition.parent_id, 'parent_id', manager);
      if (campaignId !== undefined && (await this.isWithin(definition.parent_id, campaignId, manager))) {
        throw CommonException.invalid(
          'parent_id',
          InvalidReason.NotAllowedValue,
          'The parent would be the campaign itself or one beneath it',
          definition.parent_id,
        );
      }
    }
    const columns = {
      ...columnsOf(definition, definition.state ?? CampaignState.Active),
      audienceId: await this.audienceOf(definition, manager),
    };
    if (campaignId === undefined) {
      const id = newId();
      await manager.insert(CampaignEntity, { id, ...columns });
      return id;
    }
    const current = await manager.findOneByOrFail(CampaignEntity, { id: campaignId });
    if (current.state === CampaignState.Deleted) columns.state = CampaignState.Deleted;
    await manager.update(CampaignEntity, { id: campaignId }, { ...columns, lastChange: () => 'now()' });
    return campaignId;
  }

  async setState(campaignId: string, state: CampaignState, manager: EntityManager): Promise<void> {
    await manager.update(CampaignEntity, { id: campaignId }, { state, lastChange: () => 'now()' });
  }

  /** The active audience the definition names, or null; a refusal names `audience_id`. */
  private async audienceOf(definition: CampaignDefinition, manager: EntityManager): Promise<string | null> {
    if (!definition.audience_id) return null;
    const [audience] = await manager.query<{ state: number }[]>(`SELECT state FROM audiences WHERE audience_id = $1`, [
      definition.audience_id,
    ]);
    if (!audience) throw CommonException.invalid('audience_id', InvalidReason.NotFound, 'No audience has this id', definition.audience_id);
    if (audience.state !== 1) {
      throw CommonException.invalid('audience_id', InvalidReason.NotAllowedValue, 'The audience is deactivated', definition.audience_id);
    }
    return definition.audience_id;
  }

  /** Whether `campaignId` is `ancestorId` or lies beneath it. */
  private async isWithin(campaignId: string, ancestorId: string, manager: EntityManager): Promise<boolean> {
    const [row] = await manager.query<{ within: boolean }[]>(
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

function columnsOf(input: CampaignFieldsDto, state: CampaignState): Omit<CampaignEntity, 'id' | 'lastChange' | 'audienceId'> {
  return { name: input.name, externalId: input.external_id ?? null, parentId: input.parent_id ?? null, state };
}
