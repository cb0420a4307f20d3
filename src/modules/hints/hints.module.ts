import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { AuditModule } from '../audit';
import { CustomersModule } from '../customers';
import { CustomerHintRecordEntity } from './entities/customer-hint-record.entity';
import { HintEntity } from './entities/hint.entity';
import { HintAssignmentService } from './hint-assignment.service';
import { HintDefinitionRepository } from './hint-definition.repository';
import { HintService } from './hint.service';

/** Hints (the API's "recommendations") and the customers they are assigned to. */
@Module({
  imports: [TypeOrmModule.forFeature([HintEntity, CustomerHintRecordEntity]), CustomersModule, AuditModule],
  providers: [HintService, HintDefinitionRepository, HintAssignmentService],
  exports: [HintService, HintDefinitionRepository, HintAssignmentService],
})
export class HintsModule {}
