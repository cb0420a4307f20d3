import { storeOfJson, StoreJson, toStoreDto } from '../../reference-data';
import type { RewardRuleRow, RewardView } from './reward.service';

/** A JSON timestamp: ISO 8601 text with an offset. */
type JsonTime = string;

/** The columns `rewardDetailColumns` adds to a row. */
export interface RewardDetailRow {
  /** Null when the stores were not asked for; else in the stores' name order, then id. */
  reward_stores: { visible_for_customer: number; store: StoreJson }[] | null;
  /** In tag id order. */
  reward_tags: { tag_id: string; text_id: string; names: Record<string, string>; state: number; last_change: JsonTime }[];
  /** In relation order, then by what they relate to. */
  reward_rules: RewardRuleRow[];
  /** Keys `product:0`, `product_group:1`, ... of the relation tables holding rows of the reward. */
  reward_relations: string[];
  /** In property id order. */
  reward_properties: { property_id: string; property_name: string; property_value: unknown; last_change: JsonTime }[];
}

/**
 * What a reward's answer shows beyond its own row (stores, tags, rules, relations, properties), as
 * columns of the statement that reads the reward or its vouchers: one statement, whatever the number of
 * rewards. `rewardId` is the SQL of the reward's id in that statement.
 */
export function rewardDetailColumns(rewardId: string, withStores: boolean): string {
  return `
  ${
    withStores
      ? `coalesce((SELECT json_agg(json_build_object('visible_for_customer', rs.visible_for_customer, 'store', to_jsonb(s))
                                   ORDER BY s.name, s.store_id)
                   FROM reward_stores rs JOIN stores s ON s.store_id = rs.store_id
                   WHERE rs.reward_id = ${rewardId}), '[]')`
      : 'NULL::json'
  } AS reward_stores,
  coalesce((SELECT json_agg(json_build_object('tag_id', t.tag_id, 'text_id', t.text_id, 'names', t.names,
                                              'state', t.state, 'last_change', t.last_change) ORDER BY t.tag_id)
            FROM reward_tag_records tr JOIN tags t ON t.tag_id = tr.tag_id
            WHERE tr.reward_id = ${rewardId}), '[]') AS reward_tags,
  coalesce((SELECT json_agg(json_build_object('relation', rr.relation, 'related_to', rr.related_to, 'item_count', rr.item_count,
                                              'min_price', rr.min_price::text, 'max_price', rr.max_price::text)
                            ORDER BY rr.relation, rr.related_to)
            FROM reward_relation_rules rr WHERE rr.reward_id = ${rewardId}), '[]') AS reward_rules,
  ARRAY(SELECT 'product:' || relation FROM reward_products WHERE reward_id = ${rewardId}
        UNION SELECT 'product_group:' || relation FROM reward_product_groups WHERE reward_id = ${rewardId}
        UNION SELECT 'product_brand:' || relation FROM reward_product_brands WHERE reward_id = ${rewardId}) AS reward_relations,
  coalesce((SELECT json_agg(json_build_object('property_id', pr.property_id, 'property_name', p.name,
                                              'property_value', pr.property_value, 'last_change', pr.last_change)
                            ORDER BY pr.property_id)
            FROM reward_property_records pr JOIN reward_properties p ON p.resource = pr.resource AND p.property_id = pr.property_id
            WHERE pr.reward_id = ${rewardId}), '[]') AS reward_properties`;
}

/** A reward's details from the columns of `rewardDetailColumns`. */
export function toRewardDetails(row: RewardDetailRow, rewardId: string, timeZone: string): Omit<RewardView, 'reward'> {
  return {
    stores:
      row.reward_stores?.map((link) => ({
        store: toStoreDto(storeOfJson(link.store), timeZone),
        visibleForCustomer: link.visible_for_customer,
      })) ?? null,
    tags: row.reward_tags.map((tag) => ({ ...tag, last_change: new Date(tag.last_change) })),
    rules: row.reward_rules,
    relations: new Set(row.reward_relations),
    properties: row.reward_properties.map((property) => ({
      owner_id: rewardId,
      ...property,
      last_change: new Date(property.last_change),
    })),
  };
}
