import { Module } from '@nestjs/common';
import { ProgrammeFiguresModule } from '../programme-figures.module';
import { FiguresController } from './figures.controller';

@Module({ imports: [ProgrammeFiguresModule], controllers: [FiguresController] })
export class ProgrammeFiguresOperatorApiModule {}
