import { Inject, Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource, EntityManager } from 'typeorm';
import { likePattern, queryRowPage } from '@tessera/core';
import { formatNullableDateTime, Page, PageRequest } from '@tessera/http';
import { AppConfig } from '../../config/app-config';
import { APP_CONFIG } from '../../config/app-config.module';
import { DefinitionFilter, DefinitionState, DefinitionStore } from '../audit';
import { textsByLanguage } from '../loyalty';
import { StamperCampaignDefinitionDto, StamperCampaignDefinitionViewDto } from './dto/stamper-campaign-definition.dto';
import { StamperCampaignDefinition, StamperCampaignService } from './stamper-campaign.service';

interface CampaignRow {
  stamper_campaign_id: string;
  names: Record<string, string>;
  descriptions: Record<string, string>;
  partner_id: string | null;
  stamp_count: number;
  valid_from: Date | null;
  valid_to: Date | null;
  count_of_campaign_repetitions: number;
  reward_id: string;
  state: number;
  last_change: Date;
  card_count: number;
}

interface ConditionRow {
  stamper_condition_id: string;
  stamper_campaign_id: string;
  descriptions: Record<string, string>;
  related_to: StamperCampaignDefinitionDto['stamper_conditions'][number]['related_to'];
  related_ids: string[];
  minimum_quantity: string | null;
  minimum_amount: string | null;
  max_stamps_per_purchase: number;
}

interface CheckpointRow {
  stamper_bonus_checkpoint_id: string;
  stamper_campaign_id: string;
  descriptions: Record<string, string>;
  stamp_number: number;
  reward_id: string;
}

const CAMPAIGN_COLUMNS = `c.stamper_campaign_id, c.names, c.descriptions, c.partner_id, c.stamp_count, c.valid_from, c.valid_to,
  c.count_of_campaign_repetitions, c.reward_id, c.state, c.last_change,
  (SELECT count(*)::int FROM stamper_cards k WHERE k.stamper_campaign_id = c.stamper_campaign_id) AS card_count`;

const translations = (texts: Record<string, string>) => Object.entries(texts).map(([language_code, text]) => ({ language_code, text }));

/**
 * Stamp card campaigns as the operator defines them, found by id (they have no other key). The view is
 * the file `change` takes back: standing conditions and checkpoints carry their ids, so a change keeps
 * them and the stamps that name them. The checks and writes are the campaign service's.
 */
@Injectable()
export class StamperCampaignDefinitionRepository implements DefinitionStore<
  StamperCampaignDefinitionDto,
  StamperCampaignDefinitionViewDto
> {
  readonly kind = 'stamper_campaign';
  readonly resource = 'stamper-campaigns';

  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly campaigns: StamperCampaignService,
  ) {}

  async list(filter: DefinitionFilter, page: PageRequest): Promise<Page<StamperCampaignDefinitionViewDto>> {
    const found = await queryRowPage<CampaignRow>(
      this.dataSource,
      {
        columns: CAMPAIGN_COLUMNS,
        from: 'stamper_campaigns c',
        conditions: [
          '($1::text IS NULL OR EXISTS (SELECT 1 FROM jsonb_each_text(c.names) n WHERE n.value ILIKE $1))',
          '($2::smallint IS NULL OR c.state = $2)',
        ],
        params: [filter.q ? likePattern(filter.q) : null, filter.state ?? null],
        orderBy: [],
        id: 'stamper_campaign_id',
      },
      page,
    );
    return { items: await this.viewsOf(found.items, this.dataSource.manager), total: found.total };
  }

  async find(key: string, manager: EntityManager): Promise<StamperCampaignDefinitionViewDto | null> {
    const rows = await manager.query<CampaignRow[]>(
      `SELECT ${CAMPAIGN_COLUMNS} FROM stamper_campaigns c WHERE c.stamper_campaign_id = $1`,
      [key],
    );
    return (await this.viewsOf(rows, manager))[0] ?? null;
  }

  idOf(view: StamperCampaignDefinitionViewDto): string {
    return view.stamper_campaign_id;
  }

  async insert(input: StamperCampaignDefinitionDto, manager: EntityManager): Promise<string> {
    return this.campaigns.define(await this.definitionOf(input, undefined, manager), manager);
  }

  async update(id: string, input: StamperCampaignDefinitionDto, manager: EntityManager): Promise<void> {
    await this.campaigns.define(await this.definitionOf(input, id, manager), manager);
  }

  /** Deactivated, a campaign earns no more stamps; its cards and stamps stay. */
  async setState(id: string, state: DefinitionState, manager: EntityManager): Promise<void> {
    await manager.query(`UPDATE stamper_campaigns SET state = $2, last_change = now() WHERE stamper_campaign_id = $1`, [id, state]);
  }

  private async viewsOf(rows: CampaignRow[], manager: EntityManager): Promise<StamperCampaignDefinitionViewDto[]> {
    if (rows.length === 0) return [];
    const ids = rows.map((row) => row.stamper_campaign_id);
    const conditions = await manager.query<ConditionRow[]>(
      `SELECT stamper_condition_id, stamper_campaign_id, descriptions, related_to, related_ids, minimum_quantity, minimum_amount,
              max_stamps_per_purchase
         FROM stamper_conditions WHERE stamper_campaign_id = ANY($1::varchar[]) AND state = 1 ORDER BY position, stamper_condition_id`,
      [ids],
    );
    const checkpoints = await manager.query<CheckpointRow[]>(
      `SELECT stamper_bonus_checkpoint_id, stamper_campaign_id, descriptions, stamp_number, reward_id
         FROM stamper_bonus_checkpoints WHERE stamper_campaign_id = ANY($1::varchar[]) AND state = 1
        ORDER BY stamp_number, stamper_bonus_checkpoint_id`,
      [ids],
    );
    const timeZone = this.config.timeZone;
    return rows.map((row) => ({
      stamper_campaign_id: row.stamper_campaign_id,
      names: translations(row.names),
      descriptions: translations(row.descriptions),
      ...(row.partner_id === null ? {} : { partner_id: row.partner_id }),
      stamp_count: row.stamp_count,
      ...(row.valid_from === null ? {} : { valid_from: formatNullableDateTime(row.valid_from, timeZone) ?? undefined }),
      ...(row.valid_to === null ? {} : { valid_to: formatNullableDateTime(row.valid_to, timeZone) ?? undefined }),
      count_of_campaign_repetitions: row.count_of_campaign_repetitions,
      reward_id: row.reward_id,
      stamper_conditions: conditions
        .filter((condition) => condition.stamper_campaign_id === row.stamper_campaign_id)
        .map((condition) => ({
          stamper_condition_id: condition.stamper_condition_id,
          descriptions: translations(condition.descriptions),
          related_to: condition.related_to,
          related_ids: condition.related_ids,
          ...(condition.minimum_quantity === null ? {} : { minimum_quantity: Number(condition.minimum_quantity) }),
          ...(condition.minimum_amount === null ? {} : { minimum_amount: Number(condition.minimum_amount) }),
          max_stamps_per_purchase: condition.max_stamps_per_purchase,
        })),
      stamper_bonus_checkpoints: checkpoints
        .filter((checkpoint) => checkpoint.stamper_campaign_id === row.stamper_campaign_id)
        .map((checkpoint) => ({
          stamper_bonus_checkpoint_id: checkpoint.stamper_bonus_checkpoint_id,
          descriptions: translations(checkpoint.descriptions),
          stamp_number: checkpoint.stamp_number,
          reward_id: checkpoint.reward_id,
        })),
      state: row.state,
      last_change: new Date(row.last_change).toISOString(),
      card_count: row.card_count,
    }));
  }

  /** The service's definition, with rewards named by code resolved to their ids. */
  private async definitionOf(
    input: StamperCampaignDefinitionDto,
    id: string | undefined,
    manager: EntityManager,
  ): Promise<StamperCampaignDefinition> {
    return {
      id,
      names: textsByLanguage(input.names),
      descriptions: textsByLanguage(input.descriptions),
      partnerId: input.partner_id,
      stampCount: input.stamp_count,
      validFrom: input.valid_from,
      validTo: input.valid_to,
      repetitions: input.count_of_campaign_repetitions,
      rewardId: await rewardIdOf(input.reward_id, manager),
      conditions: input.stamper_conditions.map((condition) => ({
        id: condition.stamper_condition_id,
        descriptions: textsByLanguage(condition.descriptions),
        relatedTo: condition.related_to,
        relatedIds: condition.related_ids ?? [],
        minimumQuantity: condition.minimum_quantity,
        minimumAmount: condition.minimum_amount,
        maxStampsPerPurchase: condition.max_stamps_per_purchase,
      })),
      checkpoints: await Promise.all(
        (input.stamper_bonus_checkpoints ?? []).map(async (checkpoint) => ({
          id: checkpoint.stamper_bonus_checkpoint_id,
          descriptions: textsByLanguage(checkpoint.descriptions),
          stampNumber: checkpoint.stamp_number,
          rewardId: await rewardIdOf(checkpoint.reward_id, manager),
        })),
      ),
    };
  }
}

/** A reward named by id or code; an unknown one is left as given, for the service's check to name. */
async function rewardIdOf(key: string, manager: EntityManager): Promise<string> {
  const [row] = await manager.query<{ reward_id: string }[]>(
    `SELECT reward_id FROM rewards WHERE reward_id = $1 OR code = $1 ORDER BY reward_id = $1 DESC, state DESC LIMIT 1`,
    [key],
  );
  return row?.reward_id ?? key;
}
