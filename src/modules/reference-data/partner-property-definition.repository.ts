import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import { PartnerPropertyService } from './partner-property.service';
import { PropertyCatalogueDefinitionRepository } from './property-catalogue-definition.repository';

/** Partner properties as the operator defines them. */
@Injectable()
export class PartnerPropertyDefinitionRepository extends PropertyCatalogueDefinitionRepository {
  constructor(@InjectDataSource() dataSource: DataSource, catalogue: PartnerPropertyService) {
    super(dataSource, catalogue, 'partner_property');
  }
}
