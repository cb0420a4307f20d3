import { ApiProperty } from '@nestjs/swagger';
import { IsDefined, IsNotEmpty, IsString, Matches, MaxLength } from 'class-validator';

/** A customer source (where customers come from) as the operator defines it (operator API body, `tessera customer-source define` file). */
export class CustomerSourceDefinitionDto {
  @ApiProperty({ description: 'The key registrations and source records name it by', example: 'eshop' })
  @IsDefined()
  @IsString()
  @Matches(/^[A-Za-z0-9][A-Za-z0-9_.-]{0,99}$/, { message: 'customer_source_text_id is letters, digits, ., - and _ (at most 100)' })
  customer_source_text_id!: string;

  @ApiProperty({ example: 'E-shop' })
  @IsDefined()
  @IsString()
  @IsNotEmpty()
  @MaxLength(500)
  name!: string;
}

export class CustomerSourceDefinitionViewDto extends CustomerSourceDefinitionDto {
  @ApiProperty({ example: '3f9a1c7e5b2d4e6f8a0b1c2d3e4f5a6b' }) customer_source_id!: string;
  @ApiProperty({ description: '1 active, 0 deactivated', enum: [0, 1, 2], example: 1 }) state!: number;
  @ApiProperty({ example: '2026-11-27T16:30:00.000Z' }) last_change!: string;
}

class CustomerSourceDefinitionListDto {
  @ApiProperty({ type: [CustomerSourceDefinitionViewDto] }) customer_sources!: CustomerSourceDefinitionViewDto[];
  @ApiProperty({ example: 1 }) total_items!: number;
}

export class CustomerSourceDefinitionListResponseDto {
  @ApiProperty({ type: CustomerSourceDefinitionListDto }) data!: CustomerSourceDefinitionListDto;
}

export class CustomerSourceDefinitionResponseDto {
  @ApiProperty({ type: CustomerSourceDefinitionViewDto }) data!: CustomerSourceDefinitionViewDto;
}
