/** What other parts of the application may use of the wallet: its module. */
export { WalletModule } from './wallet.module';
