import { Module } from '@nestjs/common';
import { WalletModule } from '../wallet.module';
import { WalletController } from './wallet.controller';

@Module({
  imports: [WalletModule],
  controllers: [WalletController],
})
export class WalletApiModule {}
