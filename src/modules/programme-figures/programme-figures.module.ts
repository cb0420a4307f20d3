import { Module } from '@nestjs/common';
import { LoyaltyModule } from '../loyalty';
import { FiguresRollupService } from './figures-rollup.service';
import { FiguresRollupWorker } from './figures-rollup.worker';
import { ProgrammeFiguresRepository } from './programme-figures.repository';
import { ProgrammeFiguresService } from './programme-figures.service';

/** The programme dashboards' figures and the rollup that keeps them. */
@Module({
  imports: [LoyaltyModule],
  providers: [ProgrammeFiguresRepository, ProgrammeFiguresService, FiguresRollupService],
  exports: [ProgrammeFiguresService, FiguresRollupService],
})
export class ProgrammeFiguresModule {}

/** The rollup run in the background, on a server or a `tessera worker`. */
@Module({
  imports: [ProgrammeFiguresModule],
  providers: [FiguresRollupWorker],
})
export class FiguresRollupWorkerModule {}
