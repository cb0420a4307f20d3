/** What other contexts may use of loyalty: cards, points, credits, the loyalty rules, and rewards with their vouchers. */
export { BirthdayRunWorkerModule, LoyaltyModule } from './loyalty.module';
export { BirthdayRunService } from './birthday-run.service';
export { EventEarningService } from './event-earning.service';
export { LoyaltySetupService } from './loyalty-setup.service';
export { CardLookupService } from './card-lookup.service';
export { CardService } from './card.service';
export { CardState } from './entities/card.entity';
export {
  PointLedgerService,
  PointOperation,
  POINT_SCALE,
  POINT_SORT_FIELDS,
  spendablePointsSql,
  type PointSortField,
} from './point-ledger.service';
export { PointGainHooks, type PointGainListener } from './point-gain.hooks';
export { PointTypeService } from './point-type.service';
export type { PointEntity } from './entities/point.entity';
export { toCardDto, toCreditDto, toPointDto } from './loyalty.mapper';
export { CreditLedgerService, CREDIT_SCALE, spendableCreditsSql } from './credit-ledger.service';
export { CreditTypeService } from './credit-type.service';
export { CreditMovementBodyDto } from './dto/credits.dto';
export { PointDto, PointListResponseDto } from './dto/points.dto';
export { VoucherDto, VoucherListResponseDto } from './rewards/dto/voucher.dto';
export { unitsOf } from './rules/decimal-amount';
export { LoyaltyRuleService } from './loyalty-rule.service';
export { StatusDefinitionRepository } from './status-definition.repository';
export { CardTypeDefinitionRepository } from './card-type-definition.repository';
export { CardTypeDefinitionDto, CardTypeDefinitionViewDto as CardTypeDefinitionView } from './dto/card-type-definition.dto';
export { PointTypeDefinitionRepository } from './point-type-definition.repository';
export { PointTypeDefinitionDto, PointTypeDefinitionViewDto as PointTypeDefinitionView } from './dto/point-type-definition.dto';
export { CreditTypeDefinitionRepository } from './credit-type-definition.repository';
export { CreditTypeDefinitionDto, CreditTypeDefinitionViewDto as CreditTypeDefinitionView } from './dto/credit-type-definition.dto';
export { EarningRuleDefinitionRepository } from './earning-rule-definition.repository';
export { EarningRuleService } from './earning-rule.service';
export { EarningEffectService, type EffectOccasion } from './earning-effect.service';
export { EarningEffectHooks, type RuleStampGrant, type RuleVoucherGrant } from './earning-effect.hooks';
export {
  EarningRuleDefinitionDto,
  EarningRuleDefinitionViewDto as EarningRuleDefinitionView,
  EarningSimulationDto,
} from './dto/earning-rule-definition.dto';
export {
  ageOn,
  defaultEarning,
  evaluateRules,
  NO_USAGE,
  USED_UP,
  type CustomerFacts as EarningCustomerFacts,
  type EarningLine,
  type EarningOccasion,
  type EarningRule,
  type GrantedEffect,
} from './rules/earning-rules';
export { LoyaltyRuleSettingRepository } from './loyalty-rule-setting.repository';
export { LoyaltyRuleSettingDto, LoyaltyRuleSettingViewDto as LoyaltyRuleSettingView } from './dto/loyalty-rule-setting.dto';
export { StatusDefinitionDto, StatusDefinitionViewDto as StatusDefinitionView } from './dto/status-definition.dto';
export { LOYALTY_RULES, payerAllowed, type LoyaltyRules, type RuleScope, type StoredRule } from './rules/loyalty-rules';

export { RewardsModule } from './rewards/rewards.module';
export { RewardService, RewardRelation, textsByLanguage, type RewardDefinition, type RewardView } from './rewards/reward.service';
export { toRewardDto } from './rewards/rewards.mapper';
export { RewardTypeService } from './rewards/reward-type.service';
export { RewardTypeDefinitionRepository } from './rewards/reward-type-definition.repository';
export { RewardTypeDefinitionDto, RewardTypeDefinitionViewDto as RewardTypeDefinitionView } from './rewards/dto/reward-type-definition.dto';
export { RewardDefinitionRepository } from './rewards/reward-definition.repository';
export { RewardPropertyDefinitionRepository, VoucherPropertyDefinitionRepository } from './rewards/reward-property-definition.repository';
export { RewardDefinitionDto, RewardDefinitionViewDto as RewardDefinitionView } from './rewards/dto/reward-definition.dto';
export {
  RewardListQueryDto,
  RewardListResponseDto,
  RewardStoreIdDto,
  RewardSegmentIdDto,
  TagRefDto,
  TextTranslationDto,
  UrlLanguageVariantDto,
} from './rewards/dto/reward.dto';
export { VoucherService, VOUCHER_SORT_FIELDS, type VoucherGrant, type VoucherSortField, type VoucherView } from './rewards/voucher.service';
export {
  VoucherRedemptionService,
  type BillRewards,
  type RedeemableReward,
  type RedeemableVoucher,
  type VoucherIssue,
  type VoucherUse,
} from './rewards/voucher-redemption.service';
export { toVoucherDto } from './rewards/rewards.mapper';
export { VOUCHER_VALIDITY_MODES, type VoucherValidityMode } from './rewards/rules/voucher-validity';
export { voucherRefusal, type RelatedTo, type RelationTargets } from './rewards/rules/voucher-usability';
export { wallClock } from './rewards/rules/wall-clock';
export { spendablePointRecordSql } from './point-ledger.service';
export { spendableCreditRecordSql } from './credit-ledger.service';
