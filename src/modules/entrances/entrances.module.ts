import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { CustomersModule } from '../customers';
import { EntranceEntity } from './entities/entrance.entity';
import { EntranceService } from './entrance.service';

/** Charged entrances from point-of-sale systems and their usage figures. */
@Module({
  imports: [TypeOrmModule.forFeature([EntranceEntity]), CustomersModule],
  providers: [EntranceService],
  exports: [EntranceService],
})
export class EntrancesModule {}
