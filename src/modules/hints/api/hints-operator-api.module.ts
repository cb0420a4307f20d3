import { Module } from '@nestjs/common';
import { AuditModule } from '../../audit';
import { HintsModule } from '../hints.module';
import { HintsOperatorController } from './hints-operator.controller';

@Module({ imports: [HintsModule, AuditModule], controllers: [HintsOperatorController] })
export class HintsOperatorApiModule {}
