import { Module } from '@nestjs/common';
import { LoyaltyModule } from '../loyalty';
import { ReferenceDataModule } from '../reference-data';
import { WalletRepository } from './wallet.repository';
import { WalletService } from './wallet.service';

/** The customer's wallet: summaries over the loyalty ledgers and purchases. */
@Module({
  imports: [LoyaltyModule, ReferenceDataModule],
  providers: [WalletService, WalletRepository],
  exports: [WalletService],
})
export class WalletModule {}
