import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource, EntityManager } from 'typeorm';
import { newId } from '@tessera/core';
import { CommonException, ErrorProcessing, InvalidParam, InvalidReason, RecordFailure, writeBatch } from '@tessera/http';
import { liveCustomerSql } from '../customers';
import { ProductReferenceDto, ThirdPartyRecommendationDto } from './dto/product-recommendation.dto';

/**
 * Scored lists from the operator's own recommender. A record is for a customer, for products in a cart,
 * or for both; sending the same system, dataset, customer, cart product and recommended product again
 * replaces the score. The engine blends them in at the next request, without training.
 */
@Injectable()
export class ThirdPartyRecommendationService {
  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  /** Decision 22: mode 1 stores every record or none; mode 2 stores the valid ones and reports the others. */
  saveBatch(records: ThirdPartyRecommendationDto[], mode: ErrorProcessing): Promise<RecordFailure[]> {
    return writeBatch(this.dataSource, records, mode, (record, index, m) => this.save(record, `third_party_recommendations.${index}`, m));
  }

  private async save(record: ThirdPartyRecommendationDto, field: string, m: EntityManager): Promise<void> {
    const sources = record.products ?? [];
    if (record.customer_id === undefined && sources.length === 0) {
      throw CommonException.invalid(`${field}.products`, InvalidReason.Required, 'Give the cart products, a customer_id or both');
    }
    const problems: InvalidParam[] = [];
    if (record.customer_id !== undefined) {
      const [row] = await m.query<{ exists: boolean }[]>(`SELECT ${liveCustomerSql('$1')} AS exists`, [record.customer_id]);
      if (!row.exists)
        problems.push({
          name: `${field}.customer_id`,
          reason: InvalidReason.NotFound,
          message: 'No such customer',
          value: record.customer_id,
        });
    }
    const references = [
      ...sources.map((product, i) => [`${field}.products.${i}`, product] as const),
      [`${field}.recommended_product`, record.recommended_product] as const,
    ];
    const resolved: string[] = [];
    for (const [name, reference] of references) {
      const productId = await this.resolve(reference, name, problems, m);
      if (productId) resolved.push(productId);
    }
    if (problems.length) throw CommonException.invalidParams(problems);
    const recommended = resolved.pop() as string;
    const sourceIds: (string | null)[] = resolved.length ? [...new Set(resolved)] : [null];
    await m.query(
      `INSERT INTO third_party_recommendations (third_party_recommendation_id, recommendation_system_id, recommendation_system_dataset_id,
                                                customer_id, source_product_id, recommended_product_id, score)
       SELECT s.id, $2, $3, $4, s.source_product_id, $5, $6 FROM unnest($1::varchar[], $7::varchar[]) AS s(id, source_product_id)
       ON CONFLICT (recommendation_system_id, recommendation_system_dataset_id, coalesce(customer_id, ''), coalesce(source_product_id, ''), recommended_product_id)
       DO UPDATE SET score = excluded.score, state = 1, last_change = now()`,
      [
        sourceIds.map(() => newId()),
        record.recommendation_system_id,
        record.recommendation_system_dataset_id,
        record.customer_id ?? null,
        recommended,
        record.score,
        sourceIds,
      ],
    );
  }

  /** A product by its id, or else by the first of its PLU ids that names one; a problem when neither does. */
  private async resolve(
    reference: ProductReferenceDto,
    name: string,
    problems: InvalidParam[],
    m: EntityManager,
  ): Promise<string | undefined> {
    if (reference.product_id === undefined && !reference.plu_ids?.length) {
      problems.push({ name: `${name}.product_id`, reason: InvalidReason.Required, message: 'Name the product by product_id or plu_ids' });
      return undefined;
    }
    const plus = reference.plu_ids ?? [];
    const [row] = await m.query<{ product_id: string }[]>(
      `SELECT p.product_id FROM products p
        WHERE p.state <> 0 AND ($1::varchar IS NOT NULL AND p.product_id = $1
           OR $1::varchar IS NULL AND p.product_id IN (SELECT u.product_id FROM unnest($2::text[], $3::text[]) WITH ORDINALITY AS x(list_code, code, place)
                                                         JOIN product_plu_ids u USING (list_code, code) ORDER BY x.place LIMIT 1))`,
      [reference.product_id ?? null, plus.map((plu) => plu.list_code), plus.map((plu) => plu.code)],
    );
    if (row) return row.product_id;
    const value = reference.product_id ?? plus.map((plu) => `${plu.list_code}:${plu.code}`).join(', ');
    problems.push({
      name: reference.product_id !== undefined ? `${name}.product_id` : `${name}.plu_ids`,
      reason: InvalidReason.NotFound,
      message: 'No such product',
      value,
    });
    return undefined;
  }
}
