import { ApiProperty } from '@nestjs/swagger';
import { IsDefined, IsNotEmpty, IsString, Matches, MaxLength } from 'class-validator';
import { TEXT_ID_PATTERN, TEXT_ID_RULE } from '@tessera/http';

/** An external list type as the operator defines it (operator API body, `tessera reservation-list-type define` file). */
export class ExternalListTypeDefinitionDto {
  @ApiProperty({ description: 'The readable key, as the seeded cash_desk', example: 'ski_pass' })
  @IsDefined()
  @IsString()
  @Matches(TEXT_ID_PATTERN, { message: `text_id: ${TEXT_ID_RULE}` })
  text_id!: string;

  @ApiProperty({ example: 'Ski pass' })
  @IsDefined()
  @IsString()
  @IsNotEmpty()
  @MaxLength(500)
  name!: string;
}

export class ExternalListTypeDefinitionViewDto extends ExternalListTypeDefinitionDto {
  @ApiProperty({ example: '3f9a1c7e5b2d4e6f8a0b1c2d3e4f5a6b' }) product_reservation_external_list_type_id!: string;
  @ApiProperty({ description: '1 active, 0 deactivated (the contract calls it deleted)', enum: [0, 1], example: 1 }) state!: number;
  @ApiProperty({ example: '2026-11-27T16:30:00.000Z' }) last_change!: string;
}

class ExternalListTypeDefinitionListDto {
  @ApiProperty({ type: [ExternalListTypeDefinitionViewDto] })
  product_reservation_external_list_types!: ExternalListTypeDefinitionViewDto[];
  @ApiProperty({ example: 2 }) total_items!: number;
}

export class ExternalListTypeDefinitionListResponseDto {
  @ApiProperty({ type: ExternalListTypeDefinitionListDto }) data!: ExternalListTypeDefinitionListDto;
}

export class ExternalListTypeDefinitionResponseDto {
  @ApiProperty({ type: ExternalListTypeDefinitionViewDto }) data!: ExternalListTypeDefinitionViewDto;
}
