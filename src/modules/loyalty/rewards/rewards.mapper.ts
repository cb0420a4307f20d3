import { formatDateTime, formatNullableDateTime, negotiateLanguage } from '../../../../libs/http/src';
import { RewardDto, RewardRelationRuleDto, RewardStoreDto, RewardTagDto, RewardTypeDto } from './dto/reward.dto';
import { GiftCardBalanceDto, VoucherDto } from './dto/voucher.dto';
import { RewardTypeEntity } from './entities/reward-type.entity';
import { PropertyRecordRow, PropertyRow } from './reward-property.service';
import { RewardProductBrandRow, RewardProductGroupRow, RewardProductRow, RewardRelation, RewardRuleRow, RewardStoreRow, RewardTagRow, RewardView } from './reward.service';
import { VoucherView } from './voucher.service';

/** How a response is written: the project time zone and the caller's language for texts. */
export interface RewardsOutput {
  timeZone: string;
  acceptLanguage?: string;
  defaultLanguage: string;
}

function text(texts: Record<string, string>, output: RewardsOutput): string | undefined {
  const language = negotiateLanguage(output.acceptLanguage, Object.keys(texts), output.defaultLanguage);
  return language === undefined ? undefined : texts[language];
}

function url(urls: { language_code: string; url: string }[], output: RewardsOutput): string | undefined {
  const language = negotiateLanguage(output.acceptLanguage, urls.map((u) => u.language_code), output.defaultLanguage);
  return urls.find((u) => u.language_code === language)?.url;
}

const numberOrNull = (value: string | null): number | null => (value === null ? null : Number(value));

function toRuleDto(rule: RewardRuleRow): RewardRelationRuleDto {
  return { related_to: rule.related_to, count: rule.item_count, min_price: numberOrNull(rule.min_price), max_price: numberOrNull(rule.max_price) };
}

export function toRewardTagDto(tag: RewardTagRow, output: RewardsOutput): RewardTagDto {
  return { tag_id: tag.tag_id, name: text(tag.names, output), text_id: tag.text_id, state: tag.state, last_change: formatDateTime(tag.last_change, output.timeZone) };
}

/** `visibility_for_customer` is the store's visibility for this reward. */
export function toRewardStoreDto(store: RewardStoreRow, timeZone: string): RewardStoreDto {
  return {
    store_id: store.store_id,
    store_code: store.store_code,
    name: store.name,
    store_address: {
      address1: store.address1,
      address2: store.address2,
      address3: store.address3,
      address4: store.address4,
      address5: store.address5,
      address6: store.address6,
      address7: store.address7,
      zip: store.zip,
      city: store.city,
      country_code: store.country_code,
    },
    contact_email: store.contact_email,
    manager_name: store.manager_name,
    phone_number: store.phone_number,
    partner_id: store.partner_id,
    system_id: store.system_id,
    gps_coordinates:
      store.gps_longitude === null || store.gps_latitude === null ? null : { gps_longitude: Number(store.gps_longitude), gps_latitude: Number(store.gps_latitude) },
    url_address: store.url_address,
    opening: store.opening,
    image_urls: store.image_urls,
    visibility_for_customer: store.visible_for_customer,
    short_description: store.short_description,
    registration_id: store.registration_id,
    last_change: formatDateTime(store.last_change, timeZone),
    state: store.state,
  };
}

export function toRewardDto(view: RewardView, output: RewardsOutput): RewardDto {
  const { reward } = view;
  const has = (kind: string, relation: RewardRelation) => view.relations.has(`${kind}:${relation}`);
  return {
    reward_id: reward.id,
    code: reward.code,
    name: text(reward.names, output),
    note: text(reward.notes, output),
    subtitle: text(reward.subtitles, output),
    points_cost: Number(reward.pointsCost),
    valid_time_from: reward.validTimeFrom,
    valid_time_to: reward.validTimeTo,
    reward_group: reward.rewardGroup,
    reward_type_id: reward.rewardTypeId,
    // The schema requires the list, so without_stores answers an empty one rather than none.
    store_list: (view.stores ?? []).map((store) => toRewardStoreDto(store, output.timeZone)),
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
    tags: view.tags.map((tag) => toRewardTagDto(tag, output)),
    last_change: formatDateTime(reward.lastChange, output.timeZone),
    state: reward.state,
  };
}

export function toRewardTypeDto(type: RewardTypeEntity, timeZone: string): RewardTypeDto {
  return { reward_type_id: type.id, name: type.name, last_change: formatDateTime(type.lastChange, timeZone) };
}

export function toVoucherDto(view: VoucherView, output: RewardsOutput): VoucherDto {
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

export function toRewardProductDto(row: RewardProductRow, output: RewardsOutput, relation: 'condition' | 'bonus' | undefined, conditionCount: number | undefined) {
  return {
    product_id: row.product_id,
    name: row.name,
    code: row.code,
    plu_ids: row.plu_ids,
    product_group_id: row.product_group_id,
    product_brand_id: row.product_brand_id,
    partner_id: row.partner_id,
    prices: row.prices.map((price) => ({ currency_id: price.currency_id, value: Number(price.value) })),
    image_urls: row.image_urls,
    last_change: formatDateTime(row.last_change, output.timeZone),
    state: row.state,
    // Deprecated field, kept for old clients: the condition's count, only when no relation filter is set.
    minimum_number_of_products: relation === undefined && row.relations.includes(RewardRelation.Condition) ? conditionCount : undefined,
    reward_product_relation_types: row.relations.map((value) => (value === RewardRelation.Condition ? 'condition' : 'bonus')),
  };
}

export function toRewardProductGroupDto(row: RewardProductGroupRow, timeZone: string) {
  return {
    product_group_id: row.product_group_id,
    name: row.name,
    external_id: row.external_id,
    parent_product_group_id: row.parent_product_group_id,
    code: row.code,
    store_id: row.store_id,
    partner_id: row.partner_id,
    last_change: formatDateTime(row.last_change, timeZone),
    state: row.state,
  };
}

export function toRewardProductBrandDto(row: RewardProductBrandRow) {
  return { product_brand_id: row.product_brand_id, name: row.name, external_id: row.external_id };
}

/** A property value; its id joins the property and the record it belongs to. */
export function toPropertyRecordDto(record: PropertyRecordRow, timeZone: string) {
  return {
    property_record_id: `${record.property_id}:${record.owner_id}`,
    property_id: record.property_id,
    property_name: record.property_name,
    property_value: record.property_value,
    last_change: formatDateTime(record.last_change, timeZone),
  };
}

export function toPropertyDto(property: PropertyRow, timeZone: string) {
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
