import { formatDateTime } from '@tessera/http';
import { CampaignProductRow, CampaignProductStoreRecordRow } from './campaign-product.repository';
import { AudienceDto } from './dto/audience.dto';
import { CampaignProductDto, CampaignProductStoreRecordDto } from './dto/campaign-product.dto';
import { CampaignDto } from './dto/campaign.dto';
import { AudienceEntity } from './entities/audience.entity';
import { CampaignEntity } from './entities/campaign.entity';

export function toCampaignDto(campaign: CampaignEntity, timeZone: string): CampaignDto {
  return {
    idcampaign: campaign.id,
    campaign_id: campaign.id,
    external_id: campaign.externalId,
    parent_id: campaign.parentId,
    name: campaign.name,
    last_change: formatDateTime(campaign.lastChange, timeZone),
    state: campaign.state,
  };
}

export function toCampaignProductDto(row: CampaignProductRow, timeZone: string): CampaignProductDto {
  const lastChange = formatDateTime(row.last_change, timeZone);
  return {
    campaign_product_id: row.campaign_product_id,
    product_id: row.product_id,
    currency_id: row.currency_id,
    campaign_id: row.campaign_id,
    value: Number(row.value),
    value_type_id: row.value_type_id,
    valid_from: formatDateTime(row.valid_from, timeZone),
    valid_to: formatDateTime(row.valid_to, timeZone),
    display_in: row.display_in,
    type_id: row.type_id,
    presentation_data: {
      name: row.presentation_name,
      subtitle: row.presentation_subtitle,
      note: row.presentation_note,
      description: row.presentation_description,
      image_url: row.presentation_image_url,
    },
    campaign_product_property_records: row.property_records.map((record) => ({
      property_record_id: `${record.property_id}:${row.campaign_product_id}`,
      property_id: record.property_id,
      property_name: record.property_name ?? null,
      property_value: record.property_value,
      last_change: lastChange,
    })),
    last_change: lastChange,
    state: row.state,
  };
}

export function toCampaignProductStoreRecordDto(row: CampaignProductStoreRecordRow): CampaignProductStoreRecordDto {
  return {
    campaign_product_store_record_id: row.campaign_product_store_record_id,
    store_id: row.store_id,
    campaign_product_id: row.campaign_product_id,
  };
}

export function toAudienceDto(audience: AudienceEntity, timeZone: string): AudienceDto {
  return {
    audience_id: audience.id,
    name: audience.name,
    communication_channel_id: audience.communicationChannelId,
    state: audience.state,
    last_change: formatDateTime(audience.lastChange, timeZone),
  };
}
