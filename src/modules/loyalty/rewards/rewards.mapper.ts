import { formatDateTime, formatNullableDateTime, negotiateLanguage, ResponseOutput, textIn } from '@tessera/http';
import { ProductDto, ProductGroupDto, toTagSummaryDto } from '../../catalogue';
import {
  RewardDto,
  RewardProductDto,
  RewardProductGroupDto,
  RewardPropertyDto,
  RewardPropertyRecordDto,
  RewardRelationRuleDto,
  RewardStoreDto,
  RewardTypeDto,
} from './dto/reward.dto';
import { GiftCardBalanceDto, VoucherDto } from './dto/voucher.dto';
import { RewardTypeEntity } from './entities/reward-type.entity';
import { PropertyRecordRow, PropertyRow } from './reward-property.service';
import { RewardProduct, RewardProfile, RewardRelation, RewardRuleRow, RewardStore, RewardView } from './reward.service';
import { VoucherView } from './voucher.repository';

function url(urls: { language_code: string; url: string }[], output: ResponseOutput): string | undefined {
  const language = negotiateLanguage(
    output.acceptLanguage,
    urls.map((u) => u.language_code),
    output.defaultLanguage,
  );
  return urls.find((u) => u.language_code === language)?.url;
}

const numberOrNull = (value: string | null): number | null => (value === null ? null : Number(value));

function toRuleDto(rule: RewardRuleRow): RewardRelationRuleDto {
  return {
    related_to: rule.related_to,
    count: rule.item_count,
    min_price: numberOrNull(rule.min_price),
    max_price: numberOrNull(rule.max_price),
  };
}

/** The store as reference data answers it, with `visibility_for_customer` being its visibility for this reward. */
export function toRewardStoreDto({ store, visibleForCustomer }: RewardStore): RewardStoreDto {
  // A reward's store list has never carried the store's long description.
  const { description: _description, ...shown } = store;
  return { ...shown, visibility_for_customer: visibleForCustomer };
}

export function toRewardDto(view: RewardView<RewardProfile>, output: ResponseOutput): RewardDto {
  const { reward } = view;
  const has = (kind: string, relation: RewardRelation) => view.relations.has(`${kind}:${relation}`);
  return {
    reward_id: reward.id,
    code: reward.code,
    name: textIn(reward.names, output),
    note: textIn(reward.notes, output),
    subtitle: textIn(reward.subtitles, output),
    points_cost: Number(reward.pointsCost),
    valid_time_from: reward.validTimeFrom,
    valid_time_to: reward.validTimeTo,
    reward_group: reward.rewardGroup,
    reward_type_id: reward.rewardTypeId,
    // The schema requires the list, so without_stores answers an empty one rather than none.
    store_list: (view.stores ?? []).map(toRewardStoreDto),
    additional_properties: view.properties.map((record) => toPropertyRecordDto(record, output.timeZone)),
    priority: reward.priority,
    image_urls: [...new Set(reward.imageUrls.map((image) => image.url))],
    reward_external_url: url(reward.externalUrls, output),
    has_product_condition: has('product', RewardRelation.Condition),
    has_group_condition: has('product_group', RewardRelation.Condition),
    has_brand_condition: has('product_brand', RewardRelation.Condition),
    has_product_bonus: has('product', RewardRelation.Bonus),
    has_group_bonus: has('product_group', RewardRelation.Bonus),
    has_brand_bonus: has('product_brand', RewardRelation.Bonus),
    reward_product_relation_conditions: view.rules.filter((rule) => rule.relation === RewardRelation.Condition).map(toRuleDto),
    reward_product_relation_bonuses: view.rules.filter((rule) => rule.relation === RewardRelation.Bonus).map(toRuleDto),
    is_automated: reward.isAutomated,
    tags: view.tags.map((tag) => toTagSummaryDto(tag, output)),
    last_change: formatDateTime(reward.lastChange, output.timeZone),
    state: reward.state,
  };
}

export function toRewardTypeDto(type: RewardTypeEntity, timeZone: string): RewardTypeDto {
  return { reward_type_id: type.id, name: type.name, last_change: formatDateTime(type.lastChange, timeZone) };
}

export function toVoucherDto(view: VoucherView, output: ResponseOutput): VoucherDto {
  const { voucher } = view;
  return {
    voucher_id: voucher.id,
    customer_id: voucher.customerId,
    store_id: voucher.storeId,
    code: voucher.code,
    value: numberOrNull(voucher.value),
    applied_date: formatNullableDateTime(voucher.appliedAt, output.timeZone),
    valid_from: formatNullableDateTime(voucher.validFrom, output.timeZone),
    valid_to: formatNullableDateTime(voucher.validTo, output.timeZone),
    reward_group: String(view.reward.reward.rewardGroup),
    note: voucher.note,
    reward: toRewardDto(view.reward, output),
    created_at: formatDateTime(voucher.createdAt, output.timeZone),
    last_change: formatDateTime(voucher.lastChange, output.timeZone),
    state: voucher.state,
  };
}

export function toGiftCardBalanceDto(balance: { voucherId: string; current: string; original: string }): GiftCardBalanceDto {
  return { voucher_id: balance.voucherId, current_balance: Number(balance.current), original_balance: Number(balance.original) };
}

/** The product as the catalogue answers it, less the fields a reward's product list does not show, plus its relations. */
export function toRewardProductDto(
  { product, relations }: RewardProduct,
  relation: 'condition' | 'bonus' | undefined,
  conditionCount: number | undefined,
): RewardProductDto {
  const { external_id: _externalId, additional_properties: _properties, tags: _tags, ...shown }: ProductDto = product;
  return {
    ...shown,
    // Deprecated field, kept for old clients: the condition's count, only when no relation filter is set.
    minimum_number_of_products: relation === undefined && relations.includes(RewardRelation.Condition) ? conditionCount : undefined,
    reward_product_relation_types: relations.map((value) => (value === RewardRelation.Condition ? 'condition' : 'bonus')),
  };
}

/** The group as the catalogue answers it; a reward's group list does not show the parent's external id. */
export function toRewardProductGroupDto(group: ProductGroupDto): RewardProductGroupDto {
  const { parent_external_id: _parentExternalId, ...shown } = group;
  return shown;
}

/** A property value; its id joins the property and the record it belongs to. */
export function toPropertyRecordDto(record: PropertyRecordRow, timeZone: string): RewardPropertyRecordDto {
  return {
    property_record_id: `${record.property_id}:${record.owner_id}`,
    property_id: record.property_id,
    property_name: record.property_name,
    property_value: record.property_value,
    last_change: formatDateTime(record.last_change, timeZone),
  };
}

export function toPropertyDto(property: PropertyRow, timeZone: string): RewardPropertyDto {
  return {
    property_id: property.property_id,
    name: property.name,
    description: property.description,
    data_type: property.data_type,
    items: property.items,
    is_required: property.is_required,
    is_unique: property.is_unique,
    last_change: formatDateTime(property.last_change, timeZone),
    state: property.state,
  };
}
