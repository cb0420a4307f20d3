import { ReferenceData1763800000000 } from './1763800000000-reference-data';
import { CustomersAndAuth1763800000100 } from './1763800000100-customers-and-auth';
import { Customers1763900000000 } from './1763900000000-customers';
import { CatalogueAndSegments1763900000100 } from './1763900000100-catalogue-and-segments';
import { LoyaltyLedgers1763900000200 } from './1763900000200-loyalty-ledgers';
import { RewardsAndVouchers1763900000300 } from './1763900000300-rewards-and-vouchers';
import { Purchases1763900000400 } from './1763900000400-purchases';
import { PurchasePropertyValueIndexes1763900000500 } from './1763900000500-purchase-property-value-indexes';
import { CustomerRelationOrigin1764000000300 } from './1764000000300-customer-relation-origin';
import { ApplicationOperationPermissions1764000000700 } from './1764000000700-application-operation-permissions';
import { ChangeNotifications1764100000000 } from './1764100000000-change-notifications';
import { Hints1764200000000 } from './1764200000000-hints';
import { RecommendationEngine1764200000100 } from './1764200000100-recommendation-engine';
import { ProductChangeNotifications1764200000200 } from './1764200000200-product-change-notifications';
import { RewardAnswerNotifications1764200000300 } from './1764200000300-reward-answer-notifications';
import { CommunicationChannels1764300000000 } from './1764300000000-communication-channels';
import { PointReservations1764300000100 } from './1764300000100-point-reservations';
import { Stamper1764300000200 } from './1764300000200-stamper';
import { Messaging1764300000300 } from './1764300000300-messaging';
import { EventCatalogue1764300000400 } from './1764300000400-event-catalogue';
import { Campaigns1764300000500 } from './1764300000500-campaigns';
import { PropertyCatalogues1764300000600 } from './1764300000600-property-catalogues';
import { Tasks1764400000100 } from './1764400000100-tasks';
import { Bookings1764400000200 } from './1764400000200-bookings';
import { ProductReservations1764400000300 } from './1764400000300-product-reservations';
import { Orders1764400000400 } from './1764400000400-orders';
import { Entrances1764400000500 } from './1764400000500-entrances';
import { Webhooks1764500000100 } from './1764500000100-webhooks';
import { OutboxEvents1764500000200 } from './1764500000200-outbox-events';
import { OutboxEventGaps1764500000300 } from './1764500000300-outbox-event-gaps';
import { OutboxRecordedAt1764500000310 } from './1764500000310-outbox-recorded-at';
import { VoucherUsedByPurchase1764500000400 } from './1764500000400-voucher-used-by-purchase';
import { VoucherAndCreditEvents1764500000500 } from './1764500000500-voucher-and-credit-events';
import { PostedEventIdentity1764500000600 } from './1764500000600-posted-event-identity';
import { CustomerRelationConfirmation1764500000700 } from './1764500000700-customer-relation-confirmation';
import { OperatorAccess1764600000010 } from './1764600000010-operator-access';
import { AuditTrail1764600000020 } from './1764600000020-audit-trail';
import { SecondFactorReplay1764600000030 } from './1764600000030-second-factor-replay';
import { CustomerNameSearch1764600000200 } from './1764600000200-customer-name-search';
import { ProgrammeFigures1764600000300 } from './1764600000300-programme-figures';
import { CardTypeState1764600000400 } from './1764600000400-card-type-state';
import { CustomerAndSegmentDefinitionStates1764600000500 } from './1764600000500-customer-and-segment-definition-states';
import { StoreGroupState1764600000600 } from './1764600000600-store-group-state';
import { PurchaseDefinitionState1764600000610 } from './1764600000610-purchase-definition-state';
import { WebhookEndpointLifecycle1764600000800 } from './1764600000800-webhook-endpoint-lifecycle';
import { StorePropertyDescription1764600001100 } from './1764600001100-store-property-description';
import { DefinitionLifecycleStates1764600001200 } from './1764600001200-definition-lifecycle-states';
import { EarningRules1764600001400 } from './1764600001400-earning-rules';
import { BirthdayGrants1764600001500 } from './1764600001500-birthday-grants';
import { OperatorSettings1764600001300 } from './1764600001300-operator-settings';
import { StatusTiers1764600001600 } from './1764600001600-status-tiers';
import { EarningRuleEffects1764600002100 } from './1764600002100-earning-rule-effects';
import { CatalogueNameOrder1764600002200 } from './1764600002200-catalogue-name-order';
import { DynamicSegments1764600002300 } from './1764600002300-dynamic-segments';
import { AudienceSegments1764600002310 } from './1764600002310-audience-segments';
import { BillProductNotifications1764600002500 } from './1764600002500-bill-product-notifications';
import { Mailings1764600002600 } from './1764600002600-mailings';
/** Every migration, in order. Listed explicitly so compiled and test runs load the same set. */
export const MIGRATIONS = [
  ReferenceData1763800000000,
  CustomersAndAuth1763800000100,
  Customers1763900000000,
  CatalogueAndSegments1763900000100,
  LoyaltyLedgers1763900000200,
  RewardsAndVouchers1763900000300,
  Purchases1763900000400,
  PurchasePropertyValueIndexes1763900000500,
  CustomerRelationOrigin1764000000300,
  ApplicationOperationPermissions1764000000700,
  ChangeNotifications1764100000000,
  Hints1764200000000,
  RecommendationEngine1764200000100,
  ProductChangeNotifications1764200000200,
  RewardAnswerNotifications1764200000300,
  CommunicationChannels1764300000000,
  PointReservations1764300000100,
  Stamper1764300000200,
  Messaging1764300000300,
  EventCatalogue1764300000400,
  Campaigns1764300000500,
  PropertyCatalogues1764300000600,
  Tasks1764400000100,
  Bookings1764400000200,
  ProductReservations1764400000300,
  Orders1764400000400,
  Entrances1764400000500,
  Webhooks1764500000100,
  OutboxEvents1764500000200,
  OutboxEventGaps1764500000300,
  OutboxRecordedAt1764500000310,
  VoucherUsedByPurchase1764500000400,
  VoucherAndCreditEvents1764500000500,
  PostedEventIdentity1764500000600,
  CustomerRelationConfirmation1764500000700,
  OperatorAccess1764600000010,
  AuditTrail1764600000020,
  SecondFactorReplay1764600000030,
  CustomerNameSearch1764600000200,
  ProgrammeFigures1764600000300,
  CardTypeState1764600000400,
  CustomerAndSegmentDefinitionStates1764600000500,
  StoreGroupState1764600000600,
  PurchaseDefinitionState1764600000610,
  WebhookEndpointLifecycle1764600000800,
  StorePropertyDescription1764600001100,
  DefinitionLifecycleStates1764600001200,
  OperatorSettings1764600001300,
  EarningRules1764600001400,
  BirthdayGrants1764600001500,
  StatusTiers1764600001600,
  EarningRuleEffects1764600002100,
  CatalogueNameOrder1764600002200,
  DynamicSegments1764600002300,
  AudienceSegments1764600002310,
  BillProductNotifications1764600002500,
  Mailings1764600002600,
];
