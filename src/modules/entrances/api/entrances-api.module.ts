import { Module } from '@nestjs/common';
import { EntrancesModule } from '../entrances.module';
import { EntrancesController } from './entrances.controller';

@Module({
  imports: [EntrancesModule],
  controllers: [EntrancesController],
})
export class EntrancesApiModule {}
