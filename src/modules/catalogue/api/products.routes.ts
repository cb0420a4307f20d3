import { Get, Headers, Inject, Param, Query } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import { dataEnvelope, listEnvelope, toPageRequest } from '../../../../libs/http/src';
import { AppConfig } from '../../../config/app-config';
import { APP_CONFIG } from '../../../config/app-config.module';
import { CatalogueOutput, toProductDto, toTagDto } from '../catalogue.mapper';
import { ProductListQueryDto } from '../dto/product.dto';
import { TagListQueryDto } from '../dto/tag.dto';
import { PRODUCT_SORT_FIELDS, ProductService } from '../product.service';
import { TAG_SORT_FIELDS, TagService } from '../tag.service';

/** Product reads, offered by both interfaces; the batch write is Enterprise-only (see its controller). */
@ApiTags('Products')
export abstract class ProductsRoutes {
  constructor(
    protected readonly products: ProductService,
    private readonly tags: TagService,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  @Get()
  @ApiOperation({ summary: 'Products, filtered by name, code, PLU code, tags or partner' })
  async list(@Query() query: ProductListQueryDto, @Headers('accept-language') acceptLanguage?: string) {
    const page = await this.products.list(query, toPageRequest(query, PRODUCT_SORT_FIELDS));
    return listEnvelope('products', page, (product) => toProductDto(product, this.output(acceptLanguage), query.external_type_code));
  }

  @Get('tags')
  @ApiOperation({ summary: 'Tags products can carry' })
  async listTags(@Query() query: TagListQueryDto, @Headers('accept-language') acceptLanguage?: string) {
    const page = await this.tags.list(query, toPageRequest(query, TAG_SORT_FIELDS));
    return listEnvelope('tags', page, (tag) => toTagDto(tag, this.output(acceptLanguage)));
  }

  @Get(':product_id')
  @ApiOperation({ summary: 'One product' })
  async get(@Param('product_id') productId: string, @Headers('accept-language') acceptLanguage?: string) {
    return dataEnvelope(toProductDto(await this.products.get(productId), this.output(acceptLanguage)));
  }

  private output(acceptLanguage: string | undefined): CatalogueOutput {
    return { timeZone: this.config.timeZone, acceptLanguage, defaultLanguage: this.config.defaultLanguage };
  }
}
