import { ApiProperty } from '@nestjs/swagger';
import { IsBoolean, IsDefined, IsNotEmpty, IsString, Matches, MaxLength } from 'class-validator';

/** A card type as the operator defines it (operator API body, `tessera card-type define` file). */
export class CardTypeDefinitionDto {
  @ApiProperty({ description: 'The key integrations name it by', example: 'gold_card' })
  @IsDefined()
  @IsString()
  @Matches(/^[a-z0-9][a-z0-9_-]{0,99}$/, { message: 'text_id is lowercase letters, digits, - and _ (at most 100)' })
  text_id!: string;
  @ApiProperty({ example: 'Gold card' }) @IsDefined() @IsString() @IsNotEmpty() @MaxLength(200) name!: string;
  @ApiProperty({ description: 'What the numbers of its cards start with; may be empty', example: '9001' })
  @IsDefined()
  @Matches(/^[A-Za-z0-9]{0,20}$/, { message: 'prefix is at most 20 letters and digits' })
  prefix!: string;
  @ApiProperty({
    description: 'Exactly one active card type is the default: making this one the default unmakes the other',
    example: false,
  })
  @IsDefined()
  @IsBoolean()
  is_default!: boolean;
}

export class CardTypeDefinitionViewDto extends CardTypeDefinitionDto {
  @ApiProperty({ example: '8f7e6d5c4b3a29180f7e6d5c4b3a2918' }) card_type_id!: string;
  @ApiProperty({ description: '1 active, 0 deactivated', enum: [0, 1], example: 1 }) state!: number;
  @ApiProperty({ example: '2026-11-27T16:30:00.000Z' }) last_change!: string;
}

class CardTypeDefinitionListDto {
  @ApiProperty({ type: [CardTypeDefinitionViewDto] }) card_types!: CardTypeDefinitionViewDto[];
  @ApiProperty({ example: 2 }) total_items!: number;
}

export class CardTypeDefinitionListResponseDto {
  @ApiProperty({ type: CardTypeDefinitionListDto }) data!: CardTypeDefinitionListDto;
}

export class CardTypeDefinitionResponseDto {
  @ApiProperty({ type: CardTypeDefinitionViewDto }) data!: CardTypeDefinitionViewDto;
}
