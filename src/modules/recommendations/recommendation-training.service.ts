import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import { RecommendationTrainingRepository } from './recommendation-training.repository';

/** After this long without a full recount, a scheduled run recounts every purchase (so later cancellations drop out). */
export const RECOUNT_AFTER_DAYS = 7;

export interface TrainingReport {
  modelVersion: number;
  incremental: boolean;
  /** Baskets (standing purchases) this run counted. */
  purchases: number;
  /** Products ranked by popularity in the new version. */
  products: number;
  /** Product-to-product links in the new version. */
  pairs: number;
  millis: number;
}

export interface ModelStatus {
  modelVersion: number;
  trainedAt: Date;
  countedThrough: Date;
  recountedAt: Date;
  baskets: number;
  products: number;
  pairs: number;
}

/** How many times `train` calls `onStage`: the admin CLI's progress bar counts them. */
export const TRAINING_STAGES = 4;

/**
 * Trains the engine in one transaction: the running counts gain the purchases made since the last run
 * (or are rebuilt from all of them), a new model version is derived from them and replaces the ready one
 * as the transaction commits. A crash or an error leaves the previous version answering.
 */
@Injectable()
export class RecommendationTrainingService {
  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  /** Null when another run (on any instance) is under way. `onStage` names each slow step as it starts. */
  async train(options: { full?: boolean; onStage?: (stage: string) => void } = {}): Promise<TrainingReport | null> {
    const stage = options.onStage ?? (() => undefined);
    const started = Date.now();
    return this.dataSource.transaction(async (m) => {
      const training = new RecommendationTrainingRepository(m);
      if (!(await training.lock())) return null;
      const previous = options.full ? null : await training.latest();
      const { version, countedThrough } = await training.begin(previous);
      if (!previous) await training.clearCounts();
      stage('counting purchases');
      const newBaskets = await training.countBaskets(previous?.counted_through ?? null, countedThrough);
      const baskets = Number(previous?.baskets ?? 0) + newBaskets;
      stage('linking products bought together');
      const pairs = await training.buildNeighbours(version, baskets);
      stage('ranking products');
      const products = await training.buildPopularity(version, countedThrough);
      stage('publishing the model');
      await training.publish(version, { baskets, newBaskets, products, pairs });
      return {
        modelVersion: version,
        incremental: previous !== null,
        purchases: newBaskets,
        products,
        pairs,
        millis: Date.now() - started,
      };
    });
  }

  /**
   * A scheduled run every `periodSeconds`: nothing when a run finished within the last half period (on
   * any instance), else new purchases added, or all recounted when the last recount is old or there is no model.
   */
  async trainOnSchedule(periodSeconds: number): Promise<TrainingReport | null> {
    const latest = await this.status();
    if (latest && Date.now() - latest.trainedAt.getTime() < (periodSeconds * 1000) / 2) return null;
    const recountDue = !latest || Date.now() - latest.recountedAt.getTime() > RECOUNT_AFTER_DAYS * 86_400_000;
    return this.train({ full: recountDue });
  }

  async status(): Promise<ModelStatus | null> {
    const row = await new RecommendationTrainingRepository(this.dataSource.manager).latest();
    if (!row) return null;
    return {
      modelVersion: row.model_version,
      trainedAt: row.finished_at as Date,
      countedThrough: row.counted_through,
      recountedAt: row.recounted_at,
      baskets: Number(row.baskets),
      products: row.products,
      pairs: Number(row.pairs),
    };
  }
}
