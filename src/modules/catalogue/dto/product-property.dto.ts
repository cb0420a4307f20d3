import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { IsOptional, IsString } from 'class-validator';
import { ListQueryDto } from '@tessera/http';
import { PropertyDto } from '../../reference-data';

export class ProductPropertyListQueryDto extends ListQueryDto {
  @ApiPropertyOptional({ description: 'Part of the name' }) @IsOptional() @IsString() name?: string;
}

export class ProductPropertyListDataDto {
  @ApiProperty({ type: () => [PropertyDto] }) product_properties!: PropertyDto[];
  @ApiProperty({ type: 'integer' }) total_items!: number;
}

export class ProductPropertyListResponseDto {
  @ApiProperty({ type: () => ProductPropertyListDataDto }) data!: ProductPropertyListDataDto;
}
