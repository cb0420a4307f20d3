import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import { PropertyCatalogueDefinitionRepository } from '../reference-data';
import { ProductPropertyService } from './product-property.service';

/** Product properties as the operator defines them. */
@Injectable()
export class ProductPropertyDefinitionRepository extends PropertyCatalogueDefinitionRepository {
  constructor(@InjectDataSource() dataSource: DataSource, catalogue: ProductPropertyService) {
    super(dataSource, catalogue, 'product_property');
  }
}
