import { RecommendationTrainingService, TRAINING_STAGES } from '../modules/recommendations';
import { ADMIN_SESSION_STEPS, withAdminSession } from './admin-session';
import { cliCommand, JsonOption } from './cli-command';
import { progressBar } from './progress-bar';

/** `tessera recommendations train|status`: the product recommendation engine's model. */
export const recommendationsCommand = cliCommand({
  train: async (_args, options: { full?: boolean }, io) => {
    const progress = await progressBar(io, ADMIN_SESSION_STEPS + TRAINING_STAGES);
    const report = await withAdminSession(
      io,
      ({ context }) => context.get(RecommendationTrainingService).train({ full: options.full, onStage: (stage) => progress.step(stage) }),
      progress,
    ).finally(() => progress.stop());
    if (!report) {
      io.stderr('Another training run is in progress; try again when it has finished\n');
      return 1;
    }
    io.stdout(
      `Model ${report.modelVersion} ready (${report.incremental ? 'added new purchases' : 'counted every purchase'}): ` +
        `${report.purchases} purchases counted, ${report.products} products ranked, ${report.pairs} product links, ` +
        `${(report.millis / 1000).toFixed(1)} s\n`,
    );
    return 0;
  },
  status: async (_args, options: JsonOption, io) => {
    const status = await withAdminSession(io, ({ context }) => context.get(RecommendationTrainingService).status());
    if (options.json) {
      io.stdout(`${JSON.stringify(status ? statusJson(status) : null)}\n`);
      return 0;
    }
    if (!status) {
      io.stdout('No model trained yet: reward recommendations list rewards in their usual order, products rank by purchase history only\n');
      return 0;
    }
    io.stdout(
      `Model ${status.modelVersion}, trained ${status.trainedAt.toISOString()}: purchases up to ${status.countedThrough.toISOString()} ` +
        `(all recounted ${status.recountedAt.toISOString()}), ${status.baskets} purchases, ${status.products} products ranked, ` +
        `${status.pairs} product links\n`,
    );
    return 0;
  },
});

function statusJson(status: NonNullable<Awaited<ReturnType<RecommendationTrainingService['status']>>>) {
  return {
    model_version: status.modelVersion,
    trained_at: status.trainedAt.toISOString(),
    counted_through: status.countedThrough.toISOString(),
    recounted_at: status.recountedAt.toISOString(),
    purchases: status.baskets,
    products: status.products,
    product_links: status.pairs,
  };
}
