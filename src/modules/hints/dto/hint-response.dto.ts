import { ApiProperty } from '@nestjs/swagger';
import { HintDto } from './hint.dto';

export class HintListDataDto {
  @ApiProperty({ type: () => [HintDto] }) recommendations!: HintDto[];
  @ApiProperty({ type: 'integer' }) total_items!: number;
}

export class HintListResponseDto {
  @ApiProperty({ type: () => HintListDataDto }) data!: HintListDataDto;
}

export class HintResponseDto {
  @ApiProperty({ type: () => HintDto }) data!: HintDto;
}
