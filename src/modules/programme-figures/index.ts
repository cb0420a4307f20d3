/** What other parts of the application may use of the programme figures: the dashboards' reads and the rollup. */
export { ProgrammeFiguresModule, FiguresRollupWorkerModule } from './programme-figures.module';
export {
  ProgrammeFiguresService,
  type FiguresQuery,
  type PeriodFigures,
  type ProgrammeFigures,
  type SnapshotFigures,
} from './programme-figures.service';
export { FiguresRollupService, type RollupResult } from './figures-rollup.service';
export { FIGURE_GRANULARITIES, MAX_FIGURE_PERIODS, type FigureGranularity } from './rules/figure-periods';
export { toFiguresDto } from './programme-figures.mapper';
