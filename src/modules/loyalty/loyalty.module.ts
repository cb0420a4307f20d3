import { Module } from '@nestjs/common';
import { CardTypeDefinitionRepository } from './card-type-definition.repository';
import { EarningRuleDefinitionRepository } from './earning-rule-definition.repository';
import { EarningEffectHooks } from './earning-effect.hooks';
import { EarningEffectService } from './earning-effect.service';
import { EarningRuleService } from './earning-rule.service';
import { EventEarningService } from './event-earning.service';
import { BirthdayRunService } from './birthday-run.service';
import { BirthdayRunWorker } from './birthday-run.worker';
import { EventsModule } from '../events';
import { CreditTypeDefinitionRepository } from './credit-type-definition.repository';
import { PointTypeDefinitionRepository } from './point-type-definition.repository';
import { LoyaltyRuleSettingRepository } from './loyalty-rule-setting.repository';
import { StatusDefinitionRepository } from './status-definition.repository';
import { TypeOrmModule } from '@nestjs/typeorm';
import { CustomersModule } from '../customers';
import { ReferenceDataModule } from '../reference-data';
import { CardFilesController } from './api/card-files.controller';
import { CardRepository } from './card.repository';
import { CardLookupService } from './card-lookup.service';
import { CardTypeService } from './card-type.service';
import { CardService } from './card.service';
import { CreditLedgerService } from './credit-ledger.service';
import { CreditTypeService } from './credit-type.service';
import { DigitalCardService } from './digital-card.service';
import { CardFileEntity } from './entities/card-file.entity';
import { CardTypeEntity } from './entities/card-type.entity';
import { CardEntity } from './entities/card.entity';
import { CreditHistoryEntity } from './entities/credit-history.entity';
import { CreditTypeEntity } from './entities/credit-type.entity';
import { CreditEntity } from './entities/credit.entity';
import { PointHistoryEntity } from './entities/point-history.entity';
import { PointTypeEntity } from './entities/point-type.entity';
import { PointEntity } from './entities/point.entity';
import { LoyaltyRuleEntity } from './entities/loyalty-rule.entity';
import { LoyaltyRuleService } from './loyalty-rule.service';
import { LoyaltySetupService } from './loyalty-setup.service';
import { PointGainHooks } from './point-gain.hooks';
import { PointLedgerService } from './point-ledger.service';
import { PointReservationService } from './point-reservation.service';
import { PointTypeService } from './point-type.service';

const SERVICES = [
  CardLookupService,
  CardTypeService,
  CardService,
  DigitalCardService,
  PointTypeService,
  PointGainHooks,
  PointLedgerService,
  PointReservationService,
  CreditTypeService,
  CreditLedgerService,
  LoyaltySetupService,
  LoyaltyRuleService,
  StatusDefinitionRepository,
  LoyaltyRuleSettingRepository,
  CardTypeDefinitionRepository,
  PointTypeDefinitionRepository,
  CreditTypeDefinitionRepository,
  EarningRuleDefinitionRepository,
  EarningRuleService,
  EarningEffectHooks,
  EarningEffectService,
  EventEarningService,
  BirthdayRunService,
];

@Module({
  imports: [
    CustomersModule,
    ReferenceDataModule,
    EventsModule,
    TypeOrmModule.forFeature([
      CardEntity,
      CardTypeEntity,
      CardFileEntity,
      PointTypeEntity,
      PointEntity,
      PointHistoryEntity,
      CreditTypeEntity,
      CreditEntity,
      CreditHistoryEntity,
      LoyaltyRuleEntity,
    ]),
  ],
  controllers: [CardFilesController],
  providers: [...SERVICES, CardRepository],
  exports: SERVICES,
})
export class LoyaltyModule {}

/** The birthday rules' run in the background, on a server or a `tessera worker`. */
@Module({
  imports: [LoyaltyModule],
  providers: [BirthdayRunWorker],
})
export class BirthdayRunWorkerModule {}
