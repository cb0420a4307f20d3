import { ApiProperty } from '@nestjs/swagger';
import { IsDefined, IsString, Matches } from 'class-validator';
import { IsLanguageTexts, TEXT_ID_PATTERN, TEXT_ID_RULE } from '@tessera/http';

/** A reservation source as the operator defines it (operator API body, `tessera reservation-source define` file). */
export class ReservationSourceDefinitionDto {
  @ApiProperty({ description: 'The readable key, as the seeded e_shop', example: 'call_centre' })
  @IsDefined()
  @IsString()
  @Matches(TEXT_ID_PATTERN, { message: `text_id: ${TEXT_ID_RULE}` })
  text_id!: string;

  @ApiProperty({ description: 'The name by language code', example: { en: 'Call centre', cs: 'Call centrum' } })
  @IsDefined()
  @IsLanguageTexts()
  names!: Record<string, string>;
}

export class ReservationSourceDefinitionViewDto extends ReservationSourceDefinitionDto {
  @ApiProperty({ example: '3f9a1c7e5b2d4e6f8a0b1c2d3e4f5a6b' }) product_reservation_source_id!: string;
  @ApiProperty({ description: '1 active, 0 deactivated (the contract calls it deleted)', enum: [0, 1], example: 1 }) state!: number;
  @ApiProperty({ example: '2026-11-27T16:30:00.000Z' }) last_change!: string;
}

class ReservationSourceDefinitionListDto {
  @ApiProperty({ type: [ReservationSourceDefinitionViewDto] }) product_reservation_sources!: ReservationSourceDefinitionViewDto[];
  @ApiProperty({ example: 2 }) total_items!: number;
}

export class ReservationSourceDefinitionListResponseDto {
  @ApiProperty({ type: ReservationSourceDefinitionListDto }) data!: ReservationSourceDefinitionListDto;
}

export class ReservationSourceDefinitionResponseDto {
  @ApiProperty({ type: ReservationSourceDefinitionViewDto }) data!: ReservationSourceDefinitionViewDto;
}
