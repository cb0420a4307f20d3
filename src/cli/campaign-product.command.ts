import {
  CampaignProductDefinitionDto,
  CampaignProductDefinitionRepository,
  CampaignProductState,
  CampaignValueType,
  type CampaignProductDefinitionView,
} from '../modules/campaigns';
import { lifecycleCommand } from './lifecycle-command';

const STATE_NAMES: Record<number, string> = {
  [CampaignProductState.Blocked]: 'blocked',
  [CampaignProductState.Active]: 'active',
};

/** `tessera campaign-product ...`: campaign products and the stores they apply in. */
export const campaignProductCommand = lifecycleCommand<CampaignProductDefinitionDto, CampaignProductDefinitionView>({
  name: 'campaign-product',
  store: CampaignProductDefinitionRepository,
  file: {
    type: CampaignProductDefinitionDto,
    what: 'campaign product',
    example: {
      campaign_id: 'CAMPAIGN_ID',
      product_id: 'PRODUCT_ID',
      currency_id: 'EUR',
      type_id: 'private',
      value: 20,
      value_type_id: 1,
      valid_from: '2025-04-01 00:00:00',
      valid_to: '2025-04-30 23:59:59',
      display_in: ['web'],
      presentation_data: { name: 'Spring coffee, 20 % off' },
      store_ids: ['STORE_CODE'],
    },
  },
  // The name last, as it may hold spaces.
  columns: ['CAMPAIGN PRODUCT ID', 'STATE', 'CAMPAIGN ID', 'PRODUCT ID', 'VALUE', 'VALID FROM', 'VALID TO', 'STORES', 'NAME'],
  row: (product) => [
    product.campaign_product_id,
    STATE_NAMES[product.state],
    product.campaign_id,
    product.product_id,
    (product.value_type_id as CampaignValueType) === CampaignValueType.PercentageDiscount
      ? `${product.value}% off`
      : `${product.value} (final price)`,
    product.valid_from,
    product.valid_to,
    product.store_ids.length === 0 ? 'all' : String(product.store_ids.length),
    product.presentation_data.name,
  ],
  viewOnly: ['campaign_product_id', 'state', 'last_change'],
});
