/** What other contexts may use of the catalogue: products, groups, brands and tags, and how they are answered. */
export { CatalogueModule } from './catalogue.module';
export { ProductService, productIdsWithCodeSql, type BillProduct, type TaggedBillProduct } from './product.service';
export { ProductGroupService } from './product-group.service';
export { ProductBrandService } from './product-brand.service';
export { TagService } from './tag.service';
export { toTagSummaryDto, type TagSummary } from './catalogue.mapper';
export { ProductDto, ProductPluIdDto } from './dto/product.dto';
export { ProductGroupDto } from './dto/product-group.dto';
export { ProductBrandDto } from './dto/product-brand.dto';
export { TagDto } from './dto/tag.dto';
export { ProductPropertyService } from './product-property.service';
export { PRODUCT_SORT_FIELDS, type ProductSortField } from './product.service';
export { toProductDto } from './catalogue.mapper';
export { TagDefinitionRepository } from './tag-definition.repository';
export { ProductPropertyDefinitionRepository } from './product-property-definition.repository';
export { TagDefinitionDto, TagDefinitionViewDto as TagDefinitionView } from './dto/tag-definition.dto';
