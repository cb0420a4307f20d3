import { Module } from '@nestjs/common';
import { CustomerCareModule } from '../customer-care.module';
import { CardsCareController } from './cards-care.controller';
import { CustomerCareController } from './customer-care.controller';

@Module({ imports: [CustomerCareModule], controllers: [CustomerCareController, CardsCareController] })
export class CustomerCareOperatorApiModule {}
