import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Allow, ArrayMaxSize, IsArray, IsDefined, IsNotEmpty, IsOptional, IsString } from 'class-validator';
import { BatchOptionsDto, ListQueryDto, MAX_PAGE_SIZE } from '@tessera/http';

export class ProductGroupListQueryDto extends ListQueryDto {
  @ApiPropertyOptional({ description: 'Part of the name' }) @IsOptional() @IsString() name?: string;
  @ApiPropertyOptional() @IsOptional() @IsString() store_id?: string;
  @ApiPropertyOptional() @IsOptional() @IsString() code?: string;
  @ApiPropertyOptional() @IsOptional() @IsString() external_id?: string;
  @ApiPropertyOptional() @IsOptional() @IsString() partner_id?: string;
}

/** One group of a batch; matched to an existing group by `external_id`. */
export class ProductGroupBatchRecordDto {
  @ApiProperty() @IsDefined() @IsString() @IsNotEmpty() name!: string;
  @ApiProperty() @IsDefined() @IsString() @IsNotEmpty() external_id!: string;
  @ApiPropertyOptional() @IsOptional() @IsString() code?: string;
  @ApiPropertyOptional({ description: 'Must name the same group as parent_external_id when both are given' })
  @IsOptional()
  @IsString()
  parent_product_group_id?: string;
  @ApiPropertyOptional({ description: 'May name a group of the same batch' }) @IsOptional() @IsString() parent_external_id?: string;
  @ApiPropertyOptional({ description: 'Left out: a global group' }) @IsOptional() @IsString() store_id?: string;
  @ApiPropertyOptional() @IsOptional() @IsString() partner_id?: string;
  @ApiPropertyOptional({ readOnly: true }) @Allow() product_group_id?: unknown;
  @ApiPropertyOptional({ readOnly: true }) @Allow() last_change?: unknown;
  @ApiPropertyOptional({ readOnly: true }) @Allow() state?: unknown;
}

export class ProductGroupBatchBodyDto extends BatchOptionsDto {
  @ApiProperty({ type: [ProductGroupBatchRecordDto], maxItems: MAX_PAGE_SIZE, description: 'Each record is validated on its own' })
  @IsDefined()
  @IsArray()
  @ArrayMaxSize(MAX_PAGE_SIZE)
  product_groups!: unknown[];
}

export class ProductGroupDto {
  @ApiProperty() product_group_id!: string;
  @ApiProperty() name!: string;
  @ApiProperty() external_id!: string;
  @ApiPropertyOptional({ type: String, nullable: true }) parent_product_group_id?: string | null;
  @ApiPropertyOptional({ type: String, nullable: true }) parent_external_id?: string | null;
  @ApiPropertyOptional({ type: String, nullable: true }) code?: string | null;
  @ApiPropertyOptional({ type: String, nullable: true }) store_id?: string | null;
  @ApiPropertyOptional({ type: String, nullable: true }) partner_id?: string | null;
  @ApiProperty() last_change!: string;
  @ApiProperty({ type: 'integer', enum: [0, 1, 2] }) state!: number;
}
