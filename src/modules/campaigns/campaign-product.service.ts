import { Inject, Injectable } from '@nestjs/common';
import { InjectDataSource, InjectRepository } from '@nestjs/typeorm';
import { DataSource, EntityManager, Repository } from 'typeorm';
import { newId } from '@tessera/core';
import { Actor, CommonException, InvalidReason, optionalRequestDateTime, Page, PageRequest } from '@tessera/http';
import { AppConfig } from '../../config/app-config';
import { APP_CONFIG } from '../../config/app-config.module';
import { ProductService } from '../catalogue';
import { CustomerDefinitionService } from '../customers';
import { CurrencyService, StoreService } from '../reference-data';
import { CampaignService } from './campaign.service';
import {
  CampaignProductRepository,
  CampaignProductRow,
  CampaignProductSortField,
  CampaignProductStoreRecordRow,
  CampaignProductStoreRecordSortField,
} from './campaign-product.repository';
import { CampaignProductFieldsDto, CampaignProductListQueryDto, CampaignProductStoreRecordInputDto } from './dto/campaign-product.dto';
import {
  CampaignProductEntity,
  CampaignProductPropertyValue,
  CampaignProductState,
  CampaignValueType,
} from './entities/campaign-product.entity';
import { CampaignProductStoreRecordEntity } from './entities/campaign-product-store-record.entity';

const RESOURCE = 'campaign-products';

/** A campaign product as the operator defines it: the API's fields, the stores it applies in, and property values. */
export interface CampaignProductDefinition extends CampaignProductFieldsDto {
  /** The stores it applies in; none: every store. */
  store_ids?: string[];
  campaign_product_property_records?: CampaignProductPropertyValue[];
}

/**
 * Campaign products: offers created through the API or by the operator; only the operator changes or
 * removes them. The Customer interface sees active campaign products of active campaigns only.
 */
@Injectable()
export class CampaignProductService {
  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    @InjectRepository(CampaignProductEntity) private readonly campaignProducts: Repository<CampaignProductEntity>,
    private readonly rows: CampaignProductRepository,
    private readonly campaigns: CampaignService,
    private readonly products: ProductService,
    private readonly currencies: CurrencyService,
    private readonly stores: StoreService,
    private readonly customerDefinitions: CustomerDefinitionService,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  // ---- API ----

  async list(
    actor: Actor,
    query: CampaignProductListQueryDto,
    page: PageRequest<CampaignProductSortField>,
  ): Promise<Page<CampaignProductRow>> {
    const customerTypeIds = [...(query.type_id ?? []), ...(query.type_id_brackets ?? [])];
    return this.rows.findPage(
      {
        activeOnly: actor.kind === 'device',
        name: query.name,
        productCode: query.code,
        displayIn: query.display_in,
        customerTypeIds,
        storeId: query.store_id,
        valueTypeId: query.value_type_id,
        isValid: query.is_valid,
        validFrom: optionalRequestDateTime(query.valid_from, 'valid_from', this.config.timeZone) ?? undefined,
        validTo: optionalRequestDateTime(query.valid_to, 'valid_to', this.config.timeZone) ?? undefined,
        campaignId: query.campaign_id,
      },
      page,
      query.include_property_records === true,
    );
  }

  async get(actor: Actor, campaignProductId: string): Promise<CampaignProductRow> {
    const row = await this.rows.findRow(campaignProductId, actor.kind === 'device');
    if (!row) throw CommonException.recordNotFound(RESOURCE, campaignProductId);
    return row;
  }

  /** A new active campaign product, applying in every store until store records are added. */
  async create(actor: Actor, input: CampaignProductFieldsDto): Promise<string> {
    const columns = await this.checked(actor, input, 'campaign_product.');
    const id = newId();
    await this.campaignProducts.insert({ id, ...columns, propertyRecords: [], state: CampaignProductState.Active });
    return id;
  }

  async listStoreRecords(
    actor: Actor,
    campaignProductId: string,
    page: PageRequest<CampaignProductStoreRecordSortField>,
  ): Promise<Page<CampaignProductStoreRecordRow>> {
    const { productFound, ...found } = await this.rows.findStoreRecordPage(campaignProductId, actor.kind === 'device', page);
    if (!productFound) throw CommonException.recordNotFound(RESOURCE, campaignProductId);
    return found;
  }

  /** Limits the campaign product to one more store; a store it has already is a 400 `relation_already_exists`. */
  async addStoreRecord(actor: Actor, campaignProductId: string, input: CampaignProductStoreRecordInputDto): Promise<string> {
    await this.get(actor, campaignProductId);
    if (input.campaign_product_id !== campaignProductId) {
      throw CommonException.invalid(
        'campaign_product_store_record.campaign_product_id',
        InvalidReason.NotAllowedValue,
        'Must be the campaign product of the path',
        input.campaign_product_id,
      );
    }
    await this.stores.requireStore(input.store_id, 'campaign_product_store_record.store_id');
    const id = newId();
    const inserted: unknown[] = await this.dataSource.query(
      `INSERT INTO campaign_product_store_records (campaign_product_store_record_id, campaign_product_id, store_id)
       VALUES ($1, $2, $3) ON CONFLICT (campaign_product_id, store_id) DO NOTHING RETURNING campaign_product_store_record_id`,
      [id, campaignProductId, input.store_id],
    );
    if (inserted.length === 0) {
      throw CommonException.invalid(
        'campaign_product_store_record.store_id',
        InvalidReason.RelationAlreadyExists,
        'The campaign product applies in this store already',
        input.store_id,
      );
    }
    return id;
  }

  // ---- the operator's, in the caller's transaction (the definition lifecycle's) ----

  /**
   * Creates a campaign product, or with `campaignProductId` replaces one (a blocked one stays so), together
   * with its stores: a store left out of `store_ids` no longer applies.
   */
  async define(definition: CampaignProductDefinition, campaignProductId: string | undefined, manager: EntityManager): Promise<string> {
    const columns = await this.checked(null, definition, '', manager);
    const storeIds = [...new Set(definition.store_ids ?? [])];
    const unknownStore = (await this.stores.missing(storeIds))[0];
    if (unknownStore !== undefined)
      throw CommonException.invalid('store_ids', InvalidReason.NotFound, 'No store has this id', unknownStore);
    const propertyRecords = definition.campaign_product_property_records ?? [];
    const repeated = propertyRecords.find(
      (record, index) => propertyRecords.findIndex((other) => other.property_id === record.property_id) < index,
    );
    if (repeated) {
      throw CommonException.invalid(
        'campaign_product_property_records.property_id',
        InvalidReason.AlreadyExists,
        'Each property may have one value',
        repeated.property_id,
      );
    }
    let id = campaignProductId;
    if (id === undefined) {
      id = newId();
      await manager.insert(CampaignProductEntity, { id, ...columns, propertyRecords, state: CampaignProductState.Active });
    } else {
      await manager.update(CampaignProductEntity, { id }, { ...columns, propertyRecords, lastChange: () => 'now()' });
    }
    await this.replaceStores(manager, id, storeIds);
    return id;
  }

  async setState(campaignProductId: string, state: CampaignProductState, manager: EntityManager): Promise<void> {
    await manager.update(CampaignProductEntity, { id: campaignProductId }, { state, lastChange: () => 'now()' });
  }

  private async replaceStores(manager: EntityManager, campaignProductId: string, storeIds: string[]): Promise<void> {
    await manager
      .createQueryBuilder()
      .delete()
      .from(CampaignProductStoreRecordEntity)
      .where('campaign_product_id = :campaignProductId AND NOT (store_id = ANY(:storeIds))', { campaignProductId, storeIds })
      .execute();
    await manager.query(
      `INSERT INTO campaign_product_store_records (campaign_product_store_record_id, campaign_product_id, store_id)
       SELECT s.record_id, $1, s.store_id FROM unnest($2::varchar[], $3::varchar[]) AS s(store_id, record_id)
       ON CONFLICT (campaign_product_id, store_id) DO NOTHING`,
      [campaignProductId, storeIds, storeIds.map(() => newId())],
    );
  }

  /**
   * The columns of a campaign product after every rule held, each failure a 400 naming its field under
   * `prefix`: a validity that does not end before it starts, a percentage within 0 to 100 and a price not
   * below 0, and a campaign, product, currency and customer type that exist.
   */
  private async checked(
    actor: Actor | null,
    input: CampaignProductFieldsDto,
    prefix: string,
    manager?: EntityManager,
  ): Promise<Omit<CampaignProductEntity, 'id' | 'propertyRecords' | 'state' | 'lastChange'>> {
    const field = (name: string) => `${prefix}${name}`;
    const validFrom = optionalRequestDateTime(input.valid_from, field('valid_from'), this.config.timeZone) as Date;
    const validTo = optionalRequestDateTime(input.valid_to, field('valid_to'), this.config.timeZone) as Date;
    if (validTo < validFrom) {
      throw CommonException.invalid(
        field('valid_to'),
        InvalidReason.NotAllowedValue,
        'valid_to must not precede valid_from',
        input.valid_to,
      );
    }
    if (input.value_type_id === CampaignValueType.PercentageDiscount && (input.value < 0 || input.value > 100)) {
      throw CommonException.invalid(
        field('value'),
        InvalidReason.NotAllowedValue,
        'A percentage discount lies between 0 and 100',
        input.value,
      );
    }
    if (input.value_type_id === CampaignValueType.FinalPrice && input.value < 0) {
      throw CommonException.invalid(field('value'), InvalidReason.NotAllowedValue, 'A final price is not negative', input.value);
    }
    await this.campaigns.requireUsable(actor, input.campaign_id, field('campaign_id'), manager);
    await this.products.requireExisting([input.product_id], field('product_id'));
    await this.currencies.requireCurrency(input.currency_id, field('currency_id'));
    await this.customerDefinitions.requireCustomerTypes([input.type_id], field('type_id'), manager);
    const presentation = input.presentation_data;
    return {
      campaignId: input.campaign_id,
      productId: input.product_id,
      currencyId: input.currency_id,
      customerTypeId: input.type_id,
      value: String(input.value),
      valueTypeId: input.value_type_id,
      validFrom,
      validTo,
      displayIn: [...new Set(input.display_in ?? [])],
      presentationName: presentation.name,
      presentationSubtitle: presentation.subtitle ?? null,
      presentationNote: presentation.note ?? null,
      presentationDescription: presentation.description ?? null,
      presentationImageUrl: presentation.image_url ?? null,
    };
  }
}
