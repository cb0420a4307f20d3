import { RecommendationTrainingService } from '../modules/recommendations';
import { withAdminSession } from './admin-session';
import { CliIo, parseCommandArgs, UsageError } from './cli-args';

/** `tessera recommendations train|status`: the product recommendation engine's model. */
export async function recommendationsCommand(args: string[], io: CliIo): Promise<number> {
  const [action, ...rest] = args;
  switch (action) {
    case 'train': {
      const { values } = parseCommandArgs(rest, { full: { type: 'boolean' } });
      const report = await withAdminSession(io, ({ context }) => context.get(RecommendationTrainingService).train({ full: values.full }));
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
    }
    case 'status': {
      parseCommandArgs(rest, {});
      const status = await withAdminSession(io, ({ context }) => context.get(RecommendationTrainingService).status());
      if (!status) {
        io.stdout(
          'No model trained yet: reward recommendations list rewards in their usual order, products rank by purchase history only\n',
        );
        return 0;
      }
      io.stdout(
        `Model ${status.modelVersion}, trained ${status.trainedAt.toISOString()}: purchases up to ${status.countedThrough.toISOString()} ` +
          `(all recounted ${status.recountedAt.toISOString()}), ${status.baskets} purchases, ${status.products} products ranked, ` +
          `${status.pairs} product links\n`,
      );
      return 0;
    }
    default:
      throw new UsageError(`Unknown recommendations command "${action ?? ''}"`);
  }
}
