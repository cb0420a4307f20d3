import { Inject, Injectable } from '@nestjs/common';
import { EntityManager } from 'typeorm';
import { newId } from '@tessera/core';
import {
  Actor,
  CommonException,
  InvalidParam,
  invalidParam,
  InvalidReason,
  optionalRequestDateTime,
  Page,
  PageRequest,
} from '@tessera/http';
import { AppConfig } from '../../config/app-config';
import { APP_CONFIG } from '../../config/app-config.module';
import { ChangeFeed, MemorySnapshot } from '../../platform/change-feed';
import { VoucherService } from '../loyalty';
import {
  StamperCampaignEntity,
  StamperCheckpointEntity,
  StamperConditionEntity,
  StamperRecordState,
  StamperRelatedTo,
} from './entities/stamper-campaign.entity';
import { StampRule } from './rules/stamp-rules';

/** A campaign with its standing conditions (in their order) and checkpoints (by stamp number). */
export interface StamperCampaignView {
  campaign: StamperCampaignEntity;
  conditions: StamperConditionEntity[];
  checkpoints: StamperCheckpointEntity[];
}

/** An active campaign as purchase closure applies it. */
export interface CollectingCampaign {
  id: string;
  partnerId: string | null;
  validFrom: number | null;
  validTo: number | null;
  stampCount: number;
  repetitions: number;
  rewardId: string;
  rules: StampRule[];
  checkpoints: { id: string; stampNumber: number; rewardId: string }[];
}

/** Every campaign in memory (decision 29): the API's reads and closure's active ones. */
interface CampaignCatalogue {
  /** By id. */
  all: StamperCampaignView[];
  byId: ReadonlyMap<string, StamperCampaignView>;
  active: CollectingCampaign[];
}

const SORT_VALUES = {
  stamper_campaign_id: (view: StamperCampaignView) => view.campaign.id,
  partner_id: (view: StamperCampaignView) => view.campaign.partnerId,
  stamp_count: (view: StamperCampaignView) => view.campaign.stampCount,
  valid_from: (view: StamperCampaignView) => view.campaign.validFrom?.getTime() ?? null,
  valid_to: (view: StamperCampaignView) => view.campaign.validTo?.getTime() ?? null,
  count_of_campaign_repetitions: (view: StamperCampaignView) => view.campaign.repetitions,
  last_change: (view: StamperCampaignView) => view.campaign.lastChange.getTime(),
  state: (view: StamperCampaignView) => view.campaign.state,
} as const;
export type StamperCampaignSortField = keyof typeof SORT_VALUES;
export const STAMPER_CAMPAIGN_SORT_FIELDS = Object.keys(SORT_VALUES) as StamperCampaignSortField[];

const RESOURCE = 'stamper-campaigns';

export interface StamperCampaignFilter {
  name?: string;
  valid_from?: string;
  valid_to?: string;
  partner_id?: string;
  is_valid?: boolean;
}

/** A condition as the operator defines it; with an id it keeps that condition (and its stamps' reference). */
export interface StamperConditionDefinition {
  id?: string;
  descriptions: Record<string, string>;
  relatedTo: StamperRelatedTo;
  relatedIds: string[];
  minimumQuantity?: number;
  minimumAmount?: number;
  maxStampsPerPurchase?: number;
}

export interface StamperCheckpointDefinition {
  id?: string;
  descriptions: Record<string, string>;
  stampNumber: number;
  rewardId: string;
}

/** A whole campaign as the operator defines it; with an id it replaces that campaign. */
export interface StamperCampaignDefinition {
  id?: string;
  names: Record<string, string>;
  descriptions: Record<string, string>;
  partnerId?: string;
  stampCount: number;
  validFrom?: string;
  validTo?: string;
  repetitions: number;
  rewardId: string;
  conditions: StamperConditionDefinition[];
  checkpoints: StamperCheckpointDefinition[];
}

/**
 * Stamp card campaigns: written by the operator (operator API, admin CLI), read through the API and by purchase
 * closure from memory. The Customer interface sees active campaigns only.
 */
@Injectable()
export class StamperCampaignService {
  private readonly snapshot: MemorySnapshot<CampaignCatalogue>;

  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly vouchers: VoucherService,
    changes: ChangeFeed,
  ) {
    this.snapshot = new MemorySnapshot(changes, ['stamper_campaigns', 'stamper_conditions', 'stamper_bonus_checkpoints'], loadCatalogue);
  }

  // ---- reads (API, closure) ----

  async list(actor: Actor, filter: StamperCampaignFilter, page: PageRequest<StamperCampaignSortField>): Promise<Page<StamperCampaignView>> {
    const validFrom = optionalRequestDateTime(filter.valid_from, 'valid_from', this.config.timeZone)?.getTime() ?? null;
    const validTo = optionalRequestDateTime(filter.valid_to, 'valid_to', this.config.timeZone)?.getTime() ?? null;
    const name = filter.name?.toLowerCase();
    const now = Date.now();
    const matching = (await this.snapshot.get()).all.filter(({ campaign }) => {
      if (actor.kind === 'device' && campaign.state !== StamperRecordState.Active) return false;
      if (name !== undefined && !Object.values(campaign.names).some((text) => text.toLowerCase().includes(name))) return false;
      if (filter.partner_id !== undefined && campaign.partnerId !== filter.partner_id) return false;
      const from = campaign.validFrom?.getTime() ?? null;
      const to = campaign.validTo?.getTime() ?? null;
      if (filter.is_valid !== undefined && inRange(from, to, now) !== filter.is_valid) return false;
      // The campaign's validity overlaps the range asked for.
      if (validFrom !== null && to !== null && to < validFrom) return false;
      if (validTo !== null && from !== null && from > validTo) return false;
      return true;
    });
    const valueOf = SORT_VALUES[page.sortField ?? 'stamper_campaign_id'];
    matching.sort((a, b) => compareNullsLast(valueOf(a), valueOf(b)) || (a.campaign.id < b.campaign.id ? -1 : 1));
    if (page.sortDirection === 'DESC') matching.reverse();
    return { items: matching.slice(page.offset, page.offset + page.limit), total: matching.length };
  }

  async get(actor: Actor, campaignId: string): Promise<StamperCampaignView> {
    const view = (await this.snapshot.get()).byId.get(campaignId);
    if (!view || (actor.kind === 'device' && view.campaign.state !== StamperRecordState.Active)) {
      throw CommonException.recordNotFound(RESOURCE, campaignId);
    }
    return view;
  }

  /** Active campaigns with at least one condition, as closure applies them. */
  async collecting(): Promise<readonly CollectingCampaign[]> {
    return (await this.snapshot.get()).active;
  }

  // ---- the operator's (operator API and CLI, through the definition lifecycle) ----

  /**
   * Creates or replaces a campaign in the lifecycle's transaction, after checking all of it (every
   * problem named by its field). Conditions and checkpoints named by id are kept; those left out are
   * marked deleted, so the stamps and vouchers that name them keep a reference. Replacing keeps the
   * campaign's state, which only deactivating and activating change. Answers the campaign's id.
   */
  async define(definition: StamperCampaignDefinition, m: EntityManager): Promise<string> {
    const existing = definition.id === undefined ? null : await this.lockCampaign(m, definition.id, 'stamper_campaign_id');
    const problems = await this.problemsOf(definition, existing, m);
    if (problems.length > 0) throw CommonException.invalidParams(problems);
    const campaignId = existing?.id ?? newId();
    const columns = {
      partnerId: definition.partnerId ?? null,
      names: definition.names,
      descriptions: definition.descriptions,
      stampCount: definition.stampCount,
      validFrom: optionalRequestDateTime(definition.validFrom, 'valid_from', this.config.timeZone),
      validTo: optionalRequestDateTime(definition.validTo, 'valid_to', this.config.timeZone),
      repetitions: definition.repetitions,
      rewardId: definition.rewardId,
    };
    if (existing) await m.update(StamperCampaignEntity, { id: campaignId }, { ...columns, lastChange: () => 'now()' });
    else await m.insert(StamperCampaignEntity, { id: campaignId, ...columns, state: StamperRecordState.Active });
    await m.update(StamperConditionEntity, { campaignId }, { state: StamperRecordState.Deleted });
    await m.upsert(
      StamperConditionEntity,
      definition.conditions.map((condition, position) => ({
        id: condition.id ?? newId(),
        campaignId,
        position,
        descriptions: condition.descriptions,
        relatedTo: condition.relatedTo,
        relatedIds: condition.relatedTo === 'purchase_amount' ? [] : [...new Set(condition.relatedIds)],
        minimumQuantity: condition.minimumQuantity === undefined ? null : String(condition.minimumQuantity),
        minimumAmount: condition.minimumAmount === undefined ? null : String(condition.minimumAmount),
        maxStampsPerPurchase: condition.maxStampsPerPurchase ?? 1,
        state: StamperRecordState.Active,
      })),
      ['id'],
    );
    await m.update(StamperCheckpointEntity, { campaignId }, { state: StamperRecordState.Deleted });
    if (definition.checkpoints.length > 0) {
      await m.upsert(
        StamperCheckpointEntity,
        definition.checkpoints.map((checkpoint) => ({
          id: checkpoint.id ?? newId(),
          campaignId,
          stampNumber: checkpoint.stampNumber,
          descriptions: checkpoint.descriptions,
          rewardId: checkpoint.rewardId,
          state: StamperRecordState.Active,
        })),
        ['id'],
      );
    }
    return campaignId;
  }

  private async lockCampaign(m: EntityManager, campaignId: string, fieldName: string): Promise<StamperCampaignEntity> {
    const campaign = await m.findOne(StamperCampaignEntity, { where: { id: campaignId }, lock: { mode: 'pessimistic_write' } });
    if (!campaign) throw CommonException.invalid(fieldName, InvalidReason.NotFound, 'No stamper campaign has this id', campaignId);
    return campaign;
  }

  /** Every reason the definition cannot be stored, each naming its field. */
  private async problemsOf(
    definition: StamperCampaignDefinition,
    existing: StamperCampaignEntity | null,
    m: EntityManager,
  ): Promise<InvalidParam[]> {
    const problems: InvalidParam[] = [];
    const problem = (name: string, reason: InvalidReason, message: string, value?: unknown) =>
      problems.push(invalidParam(name, reason, message, value));
    const validFrom = optionalRequestDateTime(definition.validFrom, 'valid_from', this.config.timeZone);
    const validTo = optionalRequestDateTime(definition.validTo, 'valid_to', this.config.timeZone);
    if (validFrom && validTo && validFrom > validTo) {
      problem('valid_to', InvalidReason.NotAllowedValue, 'valid_to is before valid_from', definition.validTo);
    }
    if (existing && existing.stampCount !== definition.stampCount) {
      const [{ cards }] = await m.query<{ cards: number }[]>(
        `SELECT count(*)::int AS cards FROM stamper_cards WHERE stamper_campaign_id = $1`,
        [existing.id],
      );
      if (cards > 0) {
        problem(
          'stamp_count',
          InvalidReason.NotAllowedValue,
          'Customers hold cards of this campaign: its stamp count cannot change',
          definition.stampCount,
        );
      }
    }
    if (definition.partnerId !== undefined && !(await exists(m, 'partners', 'partner_id', definition.partnerId))) {
      problem('partner_id', InvalidReason.NotFound, 'No partner has this id', definition.partnerId);
    }
    await this.checkReward(m, definition.rewardId, 'reward_id', problem);
    const ownConditions = await this.childIds(m, 'stamper_conditions', 'stamper_condition_id', existing?.id);
    const seenConditions = new Set<string>();
    for (const [index, condition] of definition.conditions.entries()) {
      const at = (name: string) => `stamper_conditions.${index}.${name}`;
      if (condition.id !== undefined && (!ownConditions.has(condition.id) || seenConditions.has(condition.id))) {
        problem(
          at('stamper_condition_id'),
          InvalidReason.NotFound,
          'No condition of this campaign has this id (or it is listed twice)',
          condition.id,
        );
      }
      if (condition.id !== undefined) seenConditions.add(condition.id);
      if (condition.relatedTo === 'purchase_amount') {
        if (condition.minimumAmount === undefined)
          problem(at('minimum_amount'), InvalidReason.Required, 'A purchase_amount condition needs minimum_amount');
        if (condition.relatedIds.length > 0)
          problem(at('related_ids'), InvalidReason.NotAllowedValue, 'A purchase_amount condition names no records');
        if (condition.minimumQuantity !== undefined) {
          problem(at('minimum_quantity'), InvalidReason.NotAllowedValue, 'A purchase_amount condition counts money, not units');
        }
        continue;
      }
      if (condition.minimumAmount !== undefined) {
        problem(at('minimum_amount'), InvalidReason.NotAllowedValue, `A ${condition.relatedTo} condition counts units, not money`);
      }
      if (condition.relatedIds.length === 0)
        problem(at('related_ids'), InvalidReason.Required, `List the ${condition.relatedTo} ids counted`);
      const [table, column] = RELATED_TABLES[condition.relatedTo];
      const known = new Set(
        (
          await m.query<{ id: string }[]>(`SELECT ${column} AS id FROM ${table} WHERE ${column} = ANY($1::varchar[])`, [
            condition.relatedIds,
          ])
        ).map((row) => row.id),
      );
      condition.relatedIds.forEach((id, position) => {
        if (!known.has(id))
          problem(`${at('related_ids')}.${position}`, InvalidReason.NotFound, `No ${condition.relatedTo} has this id`, id);
      });
    }
    const ownCheckpoints = await this.childIds(m, 'stamper_bonus_checkpoints', 'stamper_bonus_checkpoint_id', existing?.id);
    const seenCheckpoints = new Set<string>();
    const numbers = new Set<number>();
    for (const [index, checkpoint] of definition.checkpoints.entries()) {
      const at = (name: string) => `stamper_bonus_checkpoints.${index}.${name}`;
      if (checkpoint.id !== undefined && (!ownCheckpoints.has(checkpoint.id) || seenCheckpoints.has(checkpoint.id))) {
        problem(
          at('stamper_bonus_checkpoint_id'),
          InvalidReason.NotFound,
          'No checkpoint of this campaign has this id (or it is listed twice)',
          checkpoint.id,
        );
      }
      if (checkpoint.id !== undefined) seenCheckpoints.add(checkpoint.id);
      if (checkpoint.stampNumber > definition.stampCount) {
        problem(
          at('stamp_number'),
          InvalidReason.NotAllowedValue,
          'A checkpoint lies on the card: at most stamp_count',
          checkpoint.stampNumber,
        );
      } else if (numbers.has(checkpoint.stampNumber)) {
        problem(at('stamp_number'), InvalidReason.AlreadyExists, 'Another checkpoint has this stamp number', checkpoint.stampNumber);
      }
      numbers.add(checkpoint.stampNumber);
      await this.checkReward(m, checkpoint.rewardId, at('reward_id'), problem);
    }
    return problems;
  }

  /** A card or checkpoint reward must be one whose vouchers the card can be granted. */
  private async checkReward(
    m: EntityManager,
    rewardId: string,
    name: string,
    problem: (name: string, reason: InvalidReason, message: string, value?: unknown) => void,
  ): Promise<void> {
    const refusal = await this.vouchers.grantRefusal(rewardId, m);
    if (refusal) problem(name, refusal.reason, refusal.message, rewardId);
  }

  private async childIds(m: EntityManager, table: string, column: string, campaignId: string | undefined): Promise<Set<string>> {
    if (campaignId === undefined) return new Set();
    const rows: { id: string }[] = await m.query(`SELECT ${column} AS id FROM ${table} WHERE stamper_campaign_id = $1`, [campaignId]);
    return new Set(rows.map((row) => row.id));
  }
}

const RELATED_TABLES: Record<Exclude<StamperRelatedTo, 'purchase_amount'>, [string, string]> = {
  product: ['products', 'product_id'],
  product_group: ['product_groups', 'product_group_id'],
  product_brand: ['product_brands', 'product_brand_id'],
};

async function exists(m: EntityManager, table: string, column: string, id: string): Promise<boolean> {
  return (await m.query<unknown[]>(`SELECT 1 FROM ${table} WHERE ${column} = $1`, [id])).length > 0;
}

function inRange(from: number | null, to: number | null, at: number): boolean {
  return (from === null || from <= at) && (to === null || at <= to);
}

/** Ascending with nulls last, as PostgreSQL sorts. */
function compareNullsLast(a: string | number | null, b: string | number | null): number {
  if (a === b) return 0;
  if (a === null) return 1;
  if (b === null) return -1;
  return a < b ? -1 : 1;
}

/** Every campaign with its standing conditions and checkpoints, and the active ones compiled for closure. */
async function loadCatalogue(m: EntityManager): Promise<CampaignCatalogue> {
  const campaigns = await m.find(StamperCampaignEntity, { order: { id: 'ASC' } });
  const conditions = await m.find(StamperConditionEntity, {
    where: { state: StamperRecordState.Active },
    order: { position: 'ASC', id: 'ASC' },
  });
  const checkpoints = await m.find(StamperCheckpointEntity, {
    where: { state: StamperRecordState.Active },
    order: { stampNumber: 'ASC', id: 'ASC' },
  });
  const all = campaigns.map((campaign) => ({
    campaign,
    conditions: conditions.filter((condition) => condition.campaignId === campaign.id),
    checkpoints: checkpoints.filter((checkpoint) => checkpoint.campaignId === campaign.id),
  }));
  const active = all
    .filter((view) => view.campaign.state === StamperRecordState.Active && view.conditions.length > 0)
    .map(({ campaign, conditions: own, checkpoints: marks }) => ({
      id: campaign.id,
      partnerId: campaign.partnerId,
      validFrom: campaign.validFrom?.getTime() ?? null,
      validTo: campaign.validTo?.getTime() ?? null,
      stampCount: campaign.stampCount,
      repetitions: campaign.repetitions,
      rewardId: campaign.rewardId,
      rules: own.map((condition): StampRule => ({
        id: condition.id,
        relatedTo: condition.relatedTo,
        relatedIds: new Set(condition.relatedIds),
        minimumQuantity: condition.minimumQuantity === null ? null : Number(condition.minimumQuantity),
        minimumAmountCents: condition.minimumAmount === null ? null : Math.round(Number(condition.minimumAmount) * 100),
        maxStampsPerPurchase: condition.maxStampsPerPurchase,
      })),
      checkpoints: marks.map((checkpoint) => ({ id: checkpoint.id, stampNumber: checkpoint.stampNumber, rewardId: checkpoint.rewardId })),
    }));
  return { all, byId: new Map(all.map((view) => [view.campaign.id, view])), active };
}
