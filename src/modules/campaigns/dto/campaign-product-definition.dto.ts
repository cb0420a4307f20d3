import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Type } from 'class-transformer';
import { ArrayMaxSize, IsArray, IsDefined, IsOptional, IsString, Matches, ValidateNested } from 'class-validator';
import { MAX_PAGE_SIZE } from '@tessera/http';
import { DisplayPlace } from '../entities/campaign-product.entity';
import { CampaignProductFieldsDto } from './campaign-product.dto';

export class CampaignProductPropertyValueDto {
  @ApiProperty({ description: 'Lowercase letters, digits and underscores', example: 'aisle' })
  @IsDefined()
  @IsString()
  @Matches(/^[a-z0-9_]+$/, { message: 'property_id takes lowercase letters, digits and underscores' })
  property_id!: string;

  @ApiPropertyOptional({ example: 'Aisle' }) @IsOptional() @IsString() property_name?: string;
  @ApiProperty({ description: 'Any JSON value', example: 7 }) @IsDefined() property_value!: unknown;
}

/**
 * A campaign product as the operator defines it (operator API body, `tessera campaign-product define`
 * file): the API's fields, the stores it applies in and its property values. The currency may be given
 * by its code, the customer type by its text id and each store by its code; the ids are stored.
 */
export class CampaignProductDefinitionDto extends CampaignProductFieldsDto {
  @ApiPropertyOptional({
    type: [String],
    description: 'Store ids or codes; none: every store. A store left out no longer applies',
    example: ['north-1'],
  })
  @IsOptional()
  @IsArray()
  @ArrayMaxSize(MAX_PAGE_SIZE)
  @IsString({ each: true })
  store_ids?: string[];

  @ApiPropertyOptional({ type: [CampaignProductPropertyValueDto], description: 'At most one value per property' })
  @IsOptional()
  @IsArray()
  @ArrayMaxSize(MAX_PAGE_SIZE)
  @ValidateNested({ each: true })
  @Type(() => CampaignProductPropertyValueDto)
  campaign_product_property_records?: CampaignProductPropertyValueDto[];
}

class CampaignProductPresentationViewDto {
  @ApiProperty({ example: 'Spring coffee, 20 % off' }) name!: string;
  @ApiPropertyOptional({ example: 'All April' }) subtitle?: string;
  @ApiPropertyOptional({ example: 'Not with other offers' }) note?: string;
  @ApiPropertyOptional({ example: 'Any coffee from the counter' }) description?: string;
  @ApiPropertyOptional({ example: 'https://example.com/coffee.png' }) image_url?: string;
}

export class CampaignProductDefinitionViewDto {
  @ApiProperty({ example: '3f9a1c7e5b2d4e6f8a0b1c2d3e4f5a6b' }) campaign_product_id!: string;
  @ApiProperty({ example: '5e1f0a9b3c7d4e2f8a6b0c1d2e3f4a5b' }) campaign_id!: string;
  @ApiProperty({ example: '7a2b3c4d5e6f70819a0b1c2d3e4f5a6b' }) product_id!: string;
  @ApiProperty({ example: '1b2c3d4e5f60718293a4b5c6d7e8f901' }) currency_id!: string;
  @ApiProperty({ example: '9c8b7a6d5e4f30211a2b3c4d5e6f7a8b' }) type_id!: string;
  @ApiProperty({ example: 20 }) value!: number;
  @ApiProperty({ description: '1 percentage discount, 2 final price', enum: [1, 2], example: 1 }) value_type_id!: number;
  @ApiProperty({ example: '2026-04-01 00:00:00' }) valid_from!: string;
  @ApiProperty({ example: '2026-04-30 23:59:59' }) valid_to!: string;
  @ApiProperty({ type: [String], example: ['web'] }) display_in!: DisplayPlace[];
  @ApiProperty({ type: CampaignProductPresentationViewDto }) presentation_data!: CampaignProductPresentationViewDto;
  @ApiProperty({ type: [String], description: 'Store ids; none: every store', example: ['4d5e6f708192a3b4c5d6e7f8091a2b3c'] })
  store_ids!: string[];
  @ApiProperty({ type: [CampaignProductPropertyValueDto] }) campaign_product_property_records!: CampaignProductPropertyValueDto[];
  @ApiProperty({ description: '1 active, 0 blocked (deactivated)', enum: [0, 1], example: 1 }) state!: number;
  @ApiProperty({ example: '2026-11-27T16:30:00.000Z' }) last_change!: string;
}

class CampaignProductDefinitionListDto {
  @ApiProperty({ type: [CampaignProductDefinitionViewDto] }) campaign_products!: CampaignProductDefinitionViewDto[];
  @ApiProperty({ example: 1 }) total_items!: number;
}

export class CampaignProductDefinitionListResponseDto {
  @ApiProperty({ type: CampaignProductDefinitionListDto }) data!: CampaignProductDefinitionListDto;
}

export class CampaignProductDefinitionResponseDto {
  @ApiProperty({ type: CampaignProductDefinitionViewDto }) data!: CampaignProductDefinitionViewDto;
}
