import { ApiProperty } from '@nestjs/swagger';
import { IsBoolean, IsDefined, IsNotEmpty, IsString, MaxLength } from 'class-validator';

/** A credit type as the operator defines it (operator API body, `tessera credit-type define` file). */
export class CreditTypeDefinitionDto {
  @ApiProperty({ example: 'Gift credit' }) @IsDefined() @IsString() @IsNotEmpty() @MaxLength(200) name!: string;
  @ApiProperty({ description: 'The currency of its credits when a request names none, by id or ISO code', example: 'EUR' })
  @IsDefined()
  @IsString()
  @IsNotEmpty()
  @MaxLength(100)
  currency_id!: string;
  @ApiProperty({
    description:
      'Exactly one active credit type is the default, used wherever a request names none: making this one the default unmakes the other',
    example: false,
  })
  @IsDefined()
  @IsBoolean()
  is_default!: boolean;
}

export class CreditTypeDefinitionViewDto extends CreditTypeDefinitionDto {
  @ApiProperty({ example: '8f7e6d5c4b3a29180f7e6d5c4b3a2918' }) credit_type_id!: string;
  @ApiProperty({ description: '1 active, 0 deactivated', enum: [0, 1], example: 1 }) state!: number;
  @ApiProperty({ example: '2026-11-27T16:30:00.000Z' }) last_change!: string;
}

class CreditTypeDefinitionListDto {
  @ApiProperty({ type: [CreditTypeDefinitionViewDto] }) credit_types!: CreditTypeDefinitionViewDto[];
  @ApiProperty({ example: 1 }) total_items!: number;
}

export class CreditTypeDefinitionListResponseDto {
  @ApiProperty({ type: CreditTypeDefinitionListDto }) data!: CreditTypeDefinitionListDto;
}

export class CreditTypeDefinitionResponseDto {
  @ApiProperty({ type: CreditTypeDefinitionViewDto }) data!: CreditTypeDefinitionViewDto;
}
