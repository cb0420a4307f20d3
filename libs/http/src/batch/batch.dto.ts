import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { IsIn, IsOptional } from 'class-validator';
import { ErrorProcessing } from './batch';

/** What every batch body has besides its records. */
export class BatchOptionsDto {
  @ApiPropertyOptional({
    enum: [1, 2],
    default: 1,
    description: '1: the first failing record rejects the whole batch. 2: valid records are written and failures reported.',
  })
  @IsOptional()
  @IsIn([ErrorProcessing.AllOrNothing, ErrorProcessing.SkipFailed])
  error_processing?: ErrorProcessing;
}

export class InvalidParamDto {
  @ApiProperty({ example: 'products.3.plu_ids' }) name!: string;
  @ApiProperty({ example: 'not_found' }) reason!: string;
  @ApiPropertyOptional() value?: string;
  @ApiProperty() message!: string;
}

export class RecordFailureDto {
  @ApiProperty({ description: 'Position of the record in the request array, from 0' }) index!: number;
  @ApiProperty({ type: [InvalidParamDto] }) invalid_params!: InvalidParamDto[];
}

/** The answer of a batch with error_processing 2 in which some records failed. */
export class BatchReportDto {
  @ApiProperty({ type: [RecordFailureDto] }) errors!: RecordFailureDto[];
}
