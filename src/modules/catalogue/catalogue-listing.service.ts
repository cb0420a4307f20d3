import { Injectable } from '@nestjs/common';
import { CommonException, Page, PageRequest } from '@tessera/http';
import {
  CatalogueListingFilter,
  CatalogueListingRepository,
  ProductBrandListingSortField,
  ProductGroupListingSortField,
  ProductListingSortField,
} from './catalogue-listing.repository';
import { ProductBrandListingDto, ProductGroupListingDto, ProductListingDto } from './dto/catalogue-listing.dto';

/** The catalogue as the operator API's pickers read it: pages by the repository, and a missing record a 404. */
@Injectable()
export class CatalogueListingService {
  constructor(private readonly listings: CatalogueListingRepository) {}

  products(filter: CatalogueListingFilter, page: PageRequest<ProductListingSortField>): Promise<Page<ProductListingDto>> {
    return this.listings.listProducts(filter, page);
  }

  async product(productId: string): Promise<ProductListingDto> {
    return found(await this.listings.findProduct(productId), 'products', productId);
  }

  groups(filter: CatalogueListingFilter, page: PageRequest<ProductGroupListingSortField>): Promise<Page<ProductGroupListingDto>> {
    return this.listings.listGroups(filter, page);
  }

  async group(groupId: string): Promise<ProductGroupListingDto> {
    return found(await this.listings.findGroup(groupId), 'product-groups', groupId);
  }

  brands(filter: CatalogueListingFilter, page: PageRequest<ProductBrandListingSortField>): Promise<Page<ProductBrandListingDto>> {
    return this.listings.listBrands(filter, page);
  }

  async brand(brandId: string): Promise<ProductBrandListingDto> {
    return found(await this.listings.findBrand(brandId), 'product-brands', brandId);
  }
}

function found<TRecord>(record: TRecord | null, resource: string, id: string): TRecord {
  if (!record) throw CommonException.recordNotFound(resource, id);
  return record;
}
