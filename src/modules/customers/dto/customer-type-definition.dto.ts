import { ApiProperty } from '@nestjs/swagger';
import { IsDefined, IsNotEmpty, IsString, Matches, MaxLength } from 'class-validator';

/** A customer type as the operator defines it (operator API body, `tessera customer-type define` file). */
export class CustomerTypeDefinitionDto {
  @ApiProperty({ description: 'The key rewards and campaign products name it by', example: 'business' })
  @IsDefined()
  @IsString()
  @Matches(/^[a-z0-9][a-z0-9_-]{0,99}$/, { message: 'text_id is lowercase letters, digits, - and _ (at most 100)' })
  text_id!: string;

  @ApiProperty({ example: 'Business customer' })
  @IsDefined()
  @IsString()
  @IsNotEmpty()
  @MaxLength(500)
  name!: string;
}

export class CustomerTypeDefinitionViewDto extends CustomerTypeDefinitionDto {
  @ApiProperty({ example: '3f9a1c7e5b2d4e6f8a0b1c2d3e4f5a6b' }) type_id!: string;
  @ApiProperty({ description: '1 active, 0 deactivated', enum: [0, 1], example: 1 }) state!: number;
  @ApiProperty({ example: '2026-11-27T16:30:00.000Z' }) last_change!: string;
}

class CustomerTypeDefinitionListDto {
  @ApiProperty({ type: [CustomerTypeDefinitionViewDto] }) customer_types!: CustomerTypeDefinitionViewDto[];
  @ApiProperty({ example: 1 }) total_items!: number;
}

export class CustomerTypeDefinitionListResponseDto {
  @ApiProperty({ type: CustomerTypeDefinitionListDto }) data!: CustomerTypeDefinitionListDto;
}

export class CustomerTypeDefinitionResponseDto {
  @ApiProperty({ type: CustomerTypeDefinitionViewDto }) data!: CustomerTypeDefinitionViewDto;
}
