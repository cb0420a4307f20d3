import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { IsDefined, IsNotEmpty, IsOptional, IsString, Matches, MaxLength } from 'class-validator';

/** An agreement (a consent customers give or withdraw) as the operator defines it (operator API body, `tessera agreement define` file). */
export class AgreementDefinitionDto {
  @ApiProperty({ description: 'The key the API and the customers\u2019 consents name it by', example: 'newsletter' })
  @IsDefined()
  @IsString()
  @Matches(/^[a-z0-9][a-z0-9_-]{0,99}$/, { message: 'text_id is lowercase letters, digits, - and _ (at most 100)' })
  text_id!: string;

  @ApiProperty({ example: 'Newsletter' })
  @IsDefined()
  @IsString()
  @IsNotEmpty()
  @MaxLength(500)
  name!: string;

  @ApiPropertyOptional({ description: 'What the customer agrees to', example: 'I want the monthly newsletter by e-mail.' })
  @IsOptional()
  @IsString()
  @MaxLength(20000)
  text?: string;

  @ApiPropertyOptional({ description: 'What the customer is told on withdrawing', example: 'You will no longer get the newsletter.' })
  @IsOptional()
  @IsString()
  @MaxLength(20000)
  withdrawal_text?: string | null;

  @ApiPropertyOptional({ description: 'The channel the consent is for: its id or its text id', example: 'email' })
  @IsOptional()
  @IsString()
  communication_channel_id?: string | null;
}

export class AgreementDefinitionViewDto extends AgreementDefinitionDto {
  @ApiProperty({ example: '3f9a1c7e5b2d4e6f8a0b1c2d3e4f5a6b' }) agreement_id!: string;
  @ApiProperty({ description: '1 active, 0 deactivated', enum: [0, 1, 2], example: 1 }) state!: number;
  @ApiProperty({ example: '2026-11-27T16:30:00.000Z' }) last_change!: string;
}

class AgreementDefinitionListDto {
  @ApiProperty({ type: [AgreementDefinitionViewDto] }) agreements!: AgreementDefinitionViewDto[];
  @ApiProperty({ example: 1 }) total_items!: number;
}

export class AgreementDefinitionListResponseDto {
  @ApiProperty({ type: AgreementDefinitionListDto }) data!: AgreementDefinitionListDto;
}

export class AgreementDefinitionResponseDto {
  @ApiProperty({ type: AgreementDefinitionViewDto }) data!: AgreementDefinitionViewDto;
}
