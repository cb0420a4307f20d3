import { BenchSuite } from '../bench-suite';
import { catalogueSuite } from './catalogue.bench';
import { customersSuite } from './customers.bench';
import { figuresSuite } from './figures.bench';
import { operatorListsSuite } from './operator-lists.bench';
import { pictureSuite } from './picture.bench';
import { platformSuite } from './platform.bench';
import { purchasesSuite } from './purchases.bench';
import { earningSuite } from './earning.bench';
import { loyaltySuite } from './loyalty.bench';
import { recommendationsSuite } from './recommendations.bench';
import { rewardsSuite } from './rewards.bench';
import { walletSuite } from './wallet.bench';
import { bookingsSuite } from './bookings.bench';
import { webhooksSuite } from './webhooks.bench';
import { deploymentSuite } from './deployment.bench';
import { segmentsSuite } from './segments.bench';

/** Every suite, run in this order. */
export const BENCH_SUITES: BenchSuite[] = [
  deploymentSuite,
  platformSuite,
  catalogueSuite,
  loyaltySuite,
  rewardsSuite,
  customersSuite,
  purchasesSuite,
  earningSuite,
  recommendationsSuite,
  walletSuite,
  bookingsSuite,
  webhooksSuite,
  figuresSuite,
  segmentsSuite,
  pictureSuite,
  operatorListsSuite,
];
