import { Module } from '@nestjs/common';
import { HintsModule } from '../hints.module';
import { CustomerHintRecordsController } from './customer-hint-records.controller';
import { HintsController } from './hints.controller';

@Module({
  imports: [HintsModule],
  controllers: [HintsController, CustomerHintRecordsController],
})
export class HintsApiModule {}
