import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { CustomersModule } from '../customers';
import { CustomerHintRecordEntity } from './entities/customer-hint-record.entity';
import { HintEntity } from './entities/hint.entity';
import { HintService } from './hint.service';

/** Hints (the API's "recommendations") and the customers they are assigned to. */
@Module({
  imports: [TypeOrmModule.forFeature([HintEntity, CustomerHintRecordEntity]), CustomersModule],
  providers: [HintService],
  exports: [HintService],
})
export class HintsModule {}
