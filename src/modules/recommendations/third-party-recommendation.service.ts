import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource, EntityManager } from 'typeorm';
import { newId } from '@tessera/core';
import {
  Actor,
  CommonException,
  customerInScope,
  ErrorProcessing,
  InvalidParam,
  InvalidReason,
  RecordFailure,
  writeBatch,
} from '@tessera/http';
import { ProductService } from '../catalogue';
import { liveCustomerSql } from '../customers';
import { ThirdPartyRecommendationDto } from './dto/product-recommendation.dto';

/**
 * Scored lists from the operator's own recommender. A record is for a customer, for products in a cart,
 * or for both; sending the same system, dataset, customer, cart product and recommended product again
 * replaces the score. The engine blends them in at the next request, without training.
 */
@Injectable()
export class ThirdPartyRecommendationService {
  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly products: ProductService,
  ) {}

  /**
   * Decision 22: mode 1 stores every record or none; mode 2 stores the valid ones and reports the others.
   * On the Customer interface a record for another customer than the logged-in one (decision 13) is not
   * a failed record but a request the caller may not make: it refuses the whole batch, in either mode.
   */
  saveBatch(actor: Actor, records: ThirdPartyRecommendationDto[], mode: ErrorProcessing): Promise<RecordFailure[]> {
    if (actor.kind === 'device') {
      records.forEach(({ customer_id }, index) => {
        if (customer_id !== undefined) customerInScope(actor, customer_id, `third_party_recommendations.${index}.customer_id`);
      });
    }
    return writeBatch(this.dataSource, records, mode, (record, index, m) => this.save(record, `third_party_recommendations.${index}`, m));
  }

  private async save(record: ThirdPartyRecommendationDto, field: string, m: EntityManager): Promise<void> {
    const sources = record.products ?? [];
    if (record.customer_id === undefined && sources.length === 0) {
      throw CommonException.invalid(`${field}.products`, InvalidReason.Required, 'Give the cart products, a customer_id or both');
    }
    const references = [
      ...sources.map((product, i) => ({ name: `${field}.products.${i}`, reference: product })),
      { name: `${field}.recommended_product`, reference: record.recommended_product },
    ];
    const owners = await this.products.findByPluIds(
      references.flatMap(({ reference }) => (reference.product_id === undefined ? (reference.plu_ids ?? []) : [])),
      m,
    );
    const ownerOf = new Map(owners.map((owner) => [`${owner.list_code}\u0000${owner.code}`, owner.product_id]));
    // A product by its id, or else by the first of its PLU ids that some product has.
    const named = references.map(
      ({ reference }) =>
        reference.product_id ??
        reference.plu_ids?.map((plu) => ownerOf.get(`${plu.list_code}\u0000${plu.code}`)).find((id) => id !== undefined),
    );
    const [known] = await m.query<{ customer_exists: boolean; products: string[] }[]>(
      `SELECT ($1::varchar IS NULL OR ${liveCustomerSql('$1')}) AS customer_exists,
              ARRAY(SELECT product_id FROM products WHERE product_id = ANY($2::varchar[]) AND state <> 0) AS products`,
      [record.customer_id ?? null, named.filter((id) => id !== undefined)],
    );
    const problems: InvalidParam[] = [];
    if (!known.customer_exists) {
      problems.push({
        name: `${field}.customer_id`,
        reason: InvalidReason.NotFound,
        message: 'No such customer',
        value: record.customer_id,
      });
    }
    references.forEach(({ name, reference }, i) => {
      if (reference.product_id === undefined && !reference.plu_ids?.length) {
        problems.push({ name: `${name}.product_id`, reason: InvalidReason.Required, message: 'Name the product by product_id or plu_ids' });
      } else if (!known.products.includes(named[i] as string)) {
        const byId = reference.product_id !== undefined;
        const value = reference.product_id ?? (reference.plu_ids ?? []).map((plu) => `${plu.list_code}:${plu.code}`).join(', ');
        problems.push({
          name: `${name}.${byId ? 'product_id' : 'plu_ids'}`,
          reason: InvalidReason.NotFound,
          message: 'No such product',
          value,
        });
      }
    });
    if (problems.length) throw CommonException.invalidParams(problems);
    const resolved = named as string[];
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
}
