import { Type } from 'class-transformer';
import { ArrayMaxSize, IsArray, IsDefined, IsNotEmpty, IsOptional, IsString, Matches, ValidateNested } from 'class-validator';
import { MAX_PAGE_SIZE } from '@tessera/http';
import {
  CampaignProductFieldsDto,
  CampaignProductOverview,
  CampaignProductService,
  CampaignProductState,
  CampaignValueType,
} from '../modules/campaigns';
import { withAdminSession } from './admin-session';
import { cliCommand, DefinitionFile } from './cli-command';
import { defineAction, listAndShow, removeAction } from './command-actions';

/** The name last, as it may hold spaces. */
const CAMPAIGN_PRODUCT_COLUMNS = [
  'CAMPAIGN PRODUCT ID',
  'STATE',
  'CAMPAIGN ID',
  'PRODUCT ID',
  'VALUE',
  'VALID FROM',
  'VALID TO',
  'STORES',
  'NAME',
];
const STATE_NAMES: Record<CampaignProductState, string> = {
  [CampaignProductState.Blocked]: 'blocked',
  [CampaignProductState.Active]: 'active',
};

class PropertyValueInputDto {
  @IsDefined()
  @IsString()
  @Matches(/^[a-z0-9_]+$/, { message: 'property_id takes lowercase letters, digits and underscores' })
  property_id!: string;
  @IsOptional() @IsString() property_name?: string;
  @IsDefined() property_value!: unknown;
}

/** A campaign product as the operator writes it: the API's fields, its stores and its property values. */
class CampaignProductDefinitionInputDto extends CampaignProductFieldsDto {
  @IsOptional() @IsString() @IsNotEmpty() campaign_product_id?: string;
  @IsOptional() @IsArray() @ArrayMaxSize(MAX_PAGE_SIZE) @IsString({ each: true }) store_ids?: string[];

  @IsOptional()
  @IsArray()
  @ArrayMaxSize(MAX_PAGE_SIZE)
  @ValidateNested({ each: true })
  @Type(() => PropertyValueInputDto)
  campaign_product_property_records?: PropertyValueInputDto[];
}

const CAMPAIGN_PRODUCT_FILE: DefinitionFile<CampaignProductDefinitionInputDto> = {
  type: CampaignProductDefinitionInputDto,
  what: 'campaign product',
  example: {
    campaign_id: 'CAMPAIGN_ID',
    product_id: 'PRODUCT_ID',
    currency_id: 'CURRENCY_ID',
    type_id: 'CUSTOMER_TYPE_ID',
    value: 20,
    value_type_id: 1,
    valid_from: '2025-04-01 00:00:00',
    valid_to: '2025-04-30 23:59:59',
    display_in: ['web'],
    presentation_data: { name: 'Spring coffee, 20 % off' },
    store_ids: ['STORE_ID'],
  },
};

/** `tessera campaign-product list|define|remove`: campaign products and the stores they apply in. */
export const campaignProductCommand = cliCommand(
  {
    ...listAndShow(CAMPAIGN_PRODUCT_COLUMNS, async (context) =>
      (await context.get(CampaignProductService).listAll()).map(campaignProductRow),
    ),
    define: defineAction(CAMPAIGN_PRODUCT_FILE, async ({ campaign_product_id: campaignProductId, ...definition }, io) => {
      const id = await withAdminSession(io, ({ context }) => context.get(CampaignProductService).define(definition, campaignProductId));
      return campaignProductId === undefined ? id : `Campaign product ${id} updated`;
    }),
    remove: removeAction((context, campaignProductId) => context.get(CampaignProductService).remove(campaignProductId), {
      removed: (campaignProductId) => `Campaign product ${campaignProductId} blocked; it and its stores are kept`,
      notRemoved: (campaignProductId) => `Campaign product ${campaignProductId} was blocked already`,
    }),
  },
  CAMPAIGN_PRODUCT_FILE,
);

function campaignProductRow(product: CampaignProductOverview): string[] {
  const value =
    product.valueTypeId === CampaignValueType.PercentageDiscount
      ? `${Number(product.value)}% off`
      : `${Number(product.value)} ${product.currencyCode}`;
  return [
    product.id,
    STATE_NAMES[product.state],
    product.campaignId,
    product.productId,
    value,
    product.validFrom,
    product.validTo,
    product.stores === 0 ? 'all' : String(product.stores),
    product.name,
  ];
}
