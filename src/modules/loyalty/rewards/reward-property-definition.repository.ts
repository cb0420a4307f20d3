import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import { PropertyCatalogueDefinitionRepository } from '../../reference-data';
import { RewardPropertyCatalogue, VoucherPropertyCatalogue } from './reward-property-catalogue.service';

/** Reward properties as the operator defines them. */
@Injectable()
export class RewardPropertyDefinitionRepository extends PropertyCatalogueDefinitionRepository {
  constructor(@InjectDataSource() dataSource: DataSource, catalogue: RewardPropertyCatalogue) {
    super(dataSource, catalogue, 'reward_property');
  }
}

/** Voucher properties as the operator defines them. */
@Injectable()
export class VoucherPropertyDefinitionRepository extends PropertyCatalogueDefinitionRepository {
  constructor(@InjectDataSource() dataSource: DataSource, catalogue: VoucherPropertyCatalogue) {
    super(dataSource, catalogue, 'voucher_property');
  }
}
