import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { CustomersModule } from '../customers';
import { PurchaseDefinitionsModule } from '../purchases';
import { ReferenceDataModule } from '../reference-data';
import { OrderEntity, OrderItemEntity } from './entities/order.entity';
import { OrderService } from './order.service';

/** E-shop orders and their status moves. */
@Module({
  imports: [TypeOrmModule.forFeature([OrderEntity, OrderItemEntity]), CustomersModule, PurchaseDefinitionsModule, ReferenceDataModule],
  providers: [OrderService],
  exports: [OrderService],
})
export class OrdersModule {}
