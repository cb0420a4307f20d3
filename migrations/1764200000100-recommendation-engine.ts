import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The product recommendation engine: running basket counts that training adds new purchases to, the
 * models each training run builds under a version of their own (readers use the one `ready` version,
 * so a run never leaves answers half updated), and the scored lists third-party recommenders send.
 */
export class RecommendationEngine1764200000100 implements MigrationInterface {
  name = 'RecommendationEngine1764200000100';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      CREATE TABLE recommendation_models (
        model_version integer PRIMARY KEY,
        state text NOT NULL CHECK (state IN ('building', 'ready', 'retired')),
        incremental boolean NOT NULL,
        started_at timestamptz NOT NULL DEFAULT now(),
        finished_at timestamptz,
        -- Purchases created up to this moment are in the counts; the next incremental run starts here.
        counted_through timestamptz NOT NULL,
        -- When the counts were last rebuilt from every purchase (cancellations since then are only subtracted then).
        recounted_at timestamptz NOT NULL,
        baskets bigint NOT NULL DEFAULT 0,
        new_baskets bigint NOT NULL DEFAULT 0,
        products integer NOT NULL DEFAULT 0,
        pairs bigint NOT NULL DEFAULT 0
      );
      CREATE UNIQUE INDEX recommendation_models_one_ready ON recommendation_models ((true)) WHERE state = 'ready';

      -- How many counted baskets hold each product, and each pair of products (stored once, lower id first).
      CREATE TABLE recommendation_product_counts (
        product_id varchar(32) PRIMARY KEY,
        baskets integer NOT NULL
      );
      CREATE TABLE recommendation_pair_counts (
        product_id varchar(32) NOT NULL,
        related_product_id varchar(32) NOT NULL,
        baskets integer NOT NULL,
        PRIMARY KEY (product_id, related_product_id),
        CHECK (product_id < related_product_id)
      );

      -- A model version's products bought with each product, best first, and its popularity ranking.
      CREATE TABLE recommendation_neighbours (
        model_version integer NOT NULL REFERENCES recommendation_models(model_version) ON DELETE CASCADE,
        product_id varchar(32) NOT NULL,
        related_product_id varchar(32) NOT NULL,
        score real NOT NULL,
        PRIMARY KEY (model_version, product_id, related_product_id)
      );
      CREATE TABLE recommendation_popularity (
        model_version integer NOT NULL REFERENCES recommendation_models(model_version) ON DELETE CASCADE,
        product_id varchar(32) NOT NULL,
        product_group_id varchar(32),
        product_brand_id varchar(32),
        score real NOT NULL,
        PRIMARY KEY (model_version, product_id)
      );

      -- Either for one customer, or for a product in the cart (optionally of one customer too).
      CREATE TABLE third_party_recommendations (
        third_party_recommendation_id varchar(32) PRIMARY KEY,
        recommendation_system_id text NOT NULL,
        recommendation_system_dataset_id text NOT NULL,
        customer_id varchar(32) REFERENCES customers(customer_id) ON DELETE CASCADE,
        source_product_id varchar(32) REFERENCES products(product_id) ON DELETE CASCADE,
        recommended_product_id varchar(32) NOT NULL REFERENCES products(product_id) ON DELETE CASCADE,
        score double precision NOT NULL,
        state smallint NOT NULL DEFAULT 1 CHECK (state IN (0, 1, 2)),
        last_change timestamptz NOT NULL DEFAULT now(),
        CHECK (customer_id IS NOT NULL OR source_product_id IS NOT NULL)
      );
      CREATE UNIQUE INDEX third_party_recommendations_key ON third_party_recommendations
        (recommendation_system_id, recommendation_system_dataset_id, coalesce(customer_id, ''), coalesce(source_product_id, ''), recommended_product_id);
      CREATE INDEX third_party_recommendations_customer_idx ON third_party_recommendations (customer_id) WHERE source_product_id IS NULL;
      CREATE INDEX third_party_recommendations_source_idx ON third_party_recommendations (source_product_id) WHERE source_product_id IS NOT NULL;

      -- A model version turning ready (or retired) reloads every instance's copy of it.
      CREATE TRIGGER recommendation_models_changed AFTER INSERT OR UPDATE OR DELETE ON recommendation_models
        FOR EACH STATEMENT EXECUTE FUNCTION tessera_notify_table_change();
    `);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      DROP TABLE third_party_recommendations, recommendation_popularity, recommendation_neighbours,
        recommendation_pair_counts, recommendation_product_counts, recommendation_models;
    `);
  }
}
