import { formatDateTime, ResponseOutput, textIn } from '@tessera/http';
import { ProductBrandDto } from './dto/product-brand.dto';
import { ProductGroupDto } from './dto/product-group.dto';
import { ProductDto } from './dto/product.dto';
import { TagDto } from './dto/tag.dto';
import { ProductBrandEntity } from './entities/product-brand.entity';
import { ProductGroupEntity } from './entities/product-group.entity';
import { ProductEntity } from './entities/product.entity';
import { TagEntity } from './entities/tag.entity';

/** A tag with its names in every language, for other contexts that answer it in the caller's language later. */
export interface TagSummary {
  tag_id: string;
  text_id: string;
  names: Record<string, string>;
  state: number;
  last_change: Date;
}

export function toTagSummary(tag: TagEntity): TagSummary {
  return { tag_id: tag.id, text_id: tag.textId, names: tag.names, state: tag.state, last_change: tag.lastChange };
}

export function toTagSummaryDto(tag: TagSummary, output: ResponseOutput): TagDto {
  return {
    tag_id: tag.tag_id,
    name: textIn(tag.names, output),
    text_id: tag.text_id,
    state: tag.state,
    last_change: formatDateTime(tag.last_change, output.timeZone),
  };
}

export function toTagDto(tag: TagEntity, output: ResponseOutput): TagDto {
  return toTagSummaryDto(toTagSummary(tag), output);
}

export function toProductBrandDto(brand: ProductBrandEntity): ProductBrandDto {
  return { product_brand_id: brand.id, name: brand.name, external_id: brand.externalId };
}

export function toProductGroupDto(group: ProductGroupEntity, timeZone: string): ProductGroupDto {
  return {
    product_group_id: group.id,
    name: group.name,
    external_id: group.externalId,
    parent_product_group_id: group.parentId,
    parent_external_id: group.parent?.externalId ?? null,
    code: group.code,
    store_id: group.storeId,
    partner_id: group.partnerId,
    last_change: formatDateTime(group.lastChange, timeZone),
    state: group.state,
  };
}

/**
 * `external_id` (deprecated by the API in favour of `plu_ids`) is the product's code in the list the
 * caller chose with `external_type_code`, otherwise its first PLU code.
 */
export function toProductDto(product: ProductEntity, output: ResponseOutput, externalTypeCode?: string): ProductDto {
  const external = externalTypeCode ? product.pluIds.find((plu) => plu.listCode === externalTypeCode) : product.pluIds[0];
  return {
    product_id: product.id,
    name: product.name,
    code: product.code,
    external_id: external?.code ?? null,
    plu_ids: product.pluIds.map((plu) => ({ list_code: plu.listCode, code: plu.code })),
    product_group_id: product.productGroupId,
    product_brand_id: product.productBrandId,
    partner_id: product.partnerId,
    prices: product.prices.map((price) => ({ currency_id: price.currencyId, value: Number(price.value) })),
    additional_properties: product.propertyRecords.map((record) => ({
      property_id: record.property_id,
      property_value: record.property_value,
    })),
    image_urls: product.imageUrls,
    last_change: formatDateTime(product.lastChange, output.timeZone),
    state: product.state,
    tags: product.tagRecords.map((record) => toTagDto(record.tag, output)),
  };
}
