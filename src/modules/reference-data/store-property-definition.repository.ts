import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import { PropertyCatalogueDefinitionRepository } from './property-catalogue-definition.repository';
import { StorePropertyCatalogue } from './store-property-catalogue.service';

/** Store properties as the operator defines them. */
@Injectable()
export class StorePropertyDefinitionRepository extends PropertyCatalogueDefinitionRepository {
  constructor(@InjectDataSource() dataSource: DataSource, catalogue: StorePropertyCatalogue) {
    super(dataSource, catalogue, 'store_property');
  }
}
