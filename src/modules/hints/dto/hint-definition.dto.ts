import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { ArrayMaxSize, ArrayMinSize, IsArray, IsDefined, IsIn, IsNotEmpty, IsOptional, IsString, IsUrl, MaxLength } from 'class-validator';
import { HintState } from '../entities/hint.entity';

const HTTP_URL = { require_protocol: true, protocols: ['http', 'https'] };

/**
 * A hint as the operator defines it (operator API body, `tessera hint define` file), with the API's
 * field names; what is left out is empty, so a definition replaces the whole hint.
 */
export class HintDefinitionDto {
  @ApiProperty({ example: 'Try our winter menu' })
  @IsDefined()
  @IsString()
  @IsNotEmpty()
  name!: string;

  @ApiPropertyOptional({ example: 'Hot drinks are back' })
  @IsOptional()
  @IsString()
  brief_description?: string;

  @ApiPropertyOptional({ example: 'Mulled wine, hot chocolate and chai, every day until March.' })
  @IsOptional()
  @IsString()
  detailed_description?: string;

  @ApiPropertyOptional({ description: 'HTML, served as written', example: '<p>Hot drinks are back</p>' })
  @IsOptional()
  @IsString()
  content?: string;

  @ApiPropertyOptional({ type: [String], example: ['https://shop.example.com/img/winter.jpg'] })
  @IsOptional()
  @IsArray()
  @ArrayMaxSize(100)
  @IsUrl(HTTP_URL, { each: true })
  picture_urls?: string[];

  @ApiPropertyOptional({ example: 'https://shop.example.com/winter' })
  @IsOptional()
  @IsUrl(HTTP_URL)
  web_url?: string;

  @ApiPropertyOptional({
    description: '1 shown to customers, 2 hidden from them; left out, 1 (a deactivated hint stays deactivated)',
    enum: [HintState.Active, HintState.Inactive],
    example: 1,
  })
  @IsOptional()
  @IsIn([HintState.Active, HintState.Inactive])
  state?: HintState.Active | HintState.Inactive;
}

export class HintDefinitionViewDto {
  @ApiProperty({ example: '3f9a1c7e5b2d4e6f8a0b1c2d3e4f5a6b' }) recommendation_id!: string;
  @ApiProperty({ example: 'Try our winter menu' }) name!: string;
  @ApiPropertyOptional({ example: 'Hot drinks are back' }) brief_description?: string;
  @ApiPropertyOptional({ example: 'Mulled wine, hot chocolate and chai, every day until March.' }) detailed_description?: string;
  @ApiPropertyOptional({ example: '<p>Hot drinks are back</p>' }) content?: string;
  @ApiProperty({ type: [String], example: ['https://shop.example.com/img/winter.jpg'] }) picture_urls!: string[];
  @ApiPropertyOptional({ example: 'https://shop.example.com/winter' }) web_url?: string;
  @ApiProperty({ description: '1 active, 2 hidden from customers, 0 deactivated', enum: [0, 1, 2], example: 1 }) state!: number;
  @ApiProperty({ description: 'How many customers it is assigned to', example: 12 }) customers!: number;
  @ApiProperty({ example: '2026-11-27T16:30:00.000Z' }) last_change!: string;
}

class HintDefinitionListDto {
  @ApiProperty({ type: [HintDefinitionViewDto] }) hints!: HintDefinitionViewDto[];
  @ApiProperty({ example: 1 }) total_items!: number;
}

export class HintDefinitionListResponseDto {
  @ApiProperty({ type: HintDefinitionListDto }) data!: HintDefinitionListDto;
}

export class HintDefinitionResponseDto {
  @ApiProperty({ type: HintDefinitionViewDto }) data!: HintDefinitionViewDto;
}

/** The customers a hint is assigned to or taken from. */
export class HintCustomersDto {
  @ApiProperty({ type: [String], example: ['9c1d2e3f4a5b6c7d8e9f0a1b2c3d4e5f'] })
  @IsArray()
  @ArrayMinSize(1)
  @ArrayMaxSize(1000)
  @IsString({ each: true })
  @MaxLength(32, { each: true })
  customer_ids!: string[];
}

export class HintAssignedDto {
  @ApiProperty({ description: 'Customers who got it now', example: 2 }) assigned!: number;
  @ApiProperty({ description: 'Customers who had it already', example: 0 }) already_assigned!: number;
}

export class HintUnassignedDto {
  @ApiProperty({ description: 'Customers it was taken from', example: 1 }) unassigned!: number;
  @ApiProperty({ description: 'Customers named who did not have it', type: [String], example: [] }) not_assigned!: string[];
}

export class HintAssignedResponseDto {
  @ApiProperty({ type: HintAssignedDto }) data!: HintAssignedDto;
}

export class HintUnassignedResponseDto {
  @ApiProperty({ type: HintUnassignedDto }) data!: HintUnassignedDto;
}
