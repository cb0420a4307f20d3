import { Inject, Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource, EntityManager } from 'typeorm';
import { likePattern, queryRowPage } from '@tessera/core';
import { formatDateTime, Page, PageRequest } from '@tessera/http';
import { AppConfig } from '../../config/app-config';
import { APP_CONFIG } from '../../config/app-config.module';
import { DefinitionFilter, DefinitionState, DefinitionStore } from '../audit';
import { CampaignProductService } from './campaign-product.service';
import { CampaignProductDefinitionDto, CampaignProductDefinitionViewDto } from './dto/campaign-product-definition.dto';
import { CampaignProductPropertyValue, DisplayPlace } from './entities/campaign-product.entity';

interface CampaignProductDefinitionRow {
  campaign_product_id: string;
  campaign_id: string;
  product_id: string;
  currency_id: string;
  customer_type_id: string;
  value: string;
  value_type_id: number;
  valid_from: Date;
  valid_to: Date;
  display_in: DisplayPlace[];
  presentation_name: string;
  presentation_subtitle: string | null;
  presentation_note: string | null;
  presentation_description: string | null;
  presentation_image_url: string | null;
  property_records: CampaignProductPropertyValue[];
  store_ids: string[];
  state: number;
  last_change: Date;
}

const COLUMNS = `cp.campaign_product_id, cp.campaign_id, cp.product_id, cp.currency_id, cp.customer_type_id, cp.value,
  cp.value_type_id, cp.valid_from, cp.valid_to, cp.display_in, cp.presentation_name, cp.presentation_subtitle,
  cp.presentation_note, cp.presentation_description, cp.presentation_image_url, cp.property_records, cp.state, cp.last_change,
  ARRAY(SELECT s.store_id FROM campaign_product_store_records s WHERE s.campaign_product_id = cp.campaign_product_id
        ORDER BY s.store_id) AS store_ids`;

/**
 * Campaign products as the operator defines them, with the stores they apply in: found by id only; the
 * writes are the service's, which checks what they refer to.
 */
@Injectable()
export class CampaignProductDefinitionRepository implements DefinitionStore<
  CampaignProductDefinitionDto,
  CampaignProductDefinitionViewDto
> {
  readonly kind = 'campaign_product';
  readonly resource = 'campaign-products';

  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly campaignProducts: CampaignProductService,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  async list(filter: DefinitionFilter, page: PageRequest): Promise<Page<CampaignProductDefinitionViewDto>> {
    const found = await queryRowPage<CampaignProductDefinitionRow>(
      this.dataSource,
      {
        columns: COLUMNS,
        from: 'campaign_products cp',
        conditions: ['($1::text IS NULL OR cp.presentation_name ILIKE $1)', '($2::smallint IS NULL OR cp.state = $2)'],
        params: [filter.q ? likePattern(filter.q) : null, filter.state ?? null],
        orderBy: ['campaign_id', 'presentation_name'],
        id: 'campaign_product_id',
      },
      page,
    );
    return { items: found.items.map((row) => this.toView(row)), total: found.total };
  }

  async find(key: string, manager: EntityManager): Promise<CampaignProductDefinitionViewDto | null> {
    const [row] = await manager.query<CampaignProductDefinitionRow[]>(
      `SELECT ${COLUMNS} FROM campaign_products cp WHERE cp.campaign_product_id = $1`,
      [key],
    );
    return row ? this.toView(row) : null;
  }

  idOf(view: CampaignProductDefinitionViewDto): string {
    return view.campaign_product_id;
  }

  async insert(input: CampaignProductDefinitionDto, manager: EntityManager): Promise<string> {
    return this.campaignProducts.define(await this.resolved(input, manager), undefined, manager);
  }

  async update(id: string, input: CampaignProductDefinitionDto, manager: EntityManager): Promise<void> {
    await this.campaignProducts.define(await this.resolved(input, manager), id, manager);
  }

  async setState(id: string, state: DefinitionState, manager: EntityManager): Promise<void> {
    await this.campaignProducts.setState(id, state, manager);
  }

  /**
   * The input with the currency's code, the customer type's text id and the stores' codes replaced by
   * their ids; what names nothing is left as given, for the service to refuse naming the field.
   */
  private async resolved(input: CampaignProductDefinitionDto, manager: EntityManager): Promise<CampaignProductDefinitionDto> {
    const [row] = await manager.query<{ currency_id: string; type_id: string; store_ids: string[] }[]>(
      `SELECT coalesce((SELECT currency_id FROM currencies WHERE currency_id = $1 OR code = $1 ORDER BY currency_id = $1 DESC LIMIT 1), $1) AS currency_id,
              coalesce((SELECT type_id FROM customer_types WHERE type_id = $2 OR text_id = $2 ORDER BY type_id = $2 DESC LIMIT 1), $2) AS type_id,
              ARRAY(SELECT coalesce((SELECT s.store_id FROM stores s WHERE s.store_id = k.key OR s.store_code = k.key
                                      ORDER BY s.store_id = k.key DESC LIMIT 1), k.key)
                      FROM unnest($3::varchar[]) WITH ORDINALITY AS k(key, n) ORDER BY k.n) AS store_ids`,
      [input.currency_id, input.type_id, input.store_ids ?? []],
    );
    return {
      ...input,
      currency_id: row.currency_id,
      type_id: row.type_id,
      ...(input.store_ids !== undefined && { store_ids: row.store_ids }),
    };
  }

  /** Empty fields are left out, so that `show` prints a file `change` takes back. */
  private toView(row: CampaignProductDefinitionRow): CampaignProductDefinitionViewDto {
    const timeZone = this.config.timeZone;
    return {
      campaign_product_id: row.campaign_product_id,
      campaign_id: row.campaign_id,
      product_id: row.product_id,
      currency_id: row.currency_id,
      type_id: row.customer_type_id,
      value: Number(row.value),
      value_type_id: row.value_type_id,
      valid_from: formatDateTime(row.valid_from, timeZone),
      valid_to: formatDateTime(row.valid_to, timeZone),
      display_in: row.display_in,
      presentation_data: {
        name: row.presentation_name,
        ...(row.presentation_subtitle !== null && { subtitle: row.presentation_subtitle }),
        ...(row.presentation_note !== null && { note: row.presentation_note }),
        ...(row.presentation_description !== null && { description: row.presentation_description }),
        ...(row.presentation_image_url !== null && { image_url: row.presentation_image_url }),
      },
      store_ids: row.store_ids,
      campaign_product_property_records: row.property_records,
      state: row.state,
      last_change: new Date(row.last_change).toISOString(),
    };
  }
}
