import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { IsDefined, IsString, Matches, MaxLength } from 'class-validator';
import { TEXT_ID_PATTERN, TEXT_ID_RULE } from '@tessera/http';

/**
 * A communication channel as the operator defines it (operator API body, `tessera communication-channel
 * define` file). Its numeric code is not among the fields: the codes are the contract's and each decides
 * how messages travel, so only the built-in channels have one.
 */
export class CommunicationChannelDefinitionDto {
  @ApiProperty({ description: 'The key requests may name it by; a channel with a code keeps its own', example: 'telegram' })
  @IsDefined()
  @IsString()
  @Matches(TEXT_ID_PATTERN, { message: TEXT_ID_RULE })
  @Matches(/\D/, { message: 'text_id needs a letter or an underscore: digits alone name a channel by its code' })
  text_id!: string;

  @ApiProperty({ example: 'Telegram' })
  @IsDefined()
  @IsString()
  @Matches(/\S/, { message: 'name needs more than spaces' })
  @MaxLength(200)
  name!: string;
}

export class CommunicationChannelDefinitionViewDto extends CommunicationChannelDefinitionDto {
  @ApiProperty({ example: '3f9a1c7e5b2d4e6f8a0b1c2d3e4f5a6b' }) communication_channel_id!: string;
  @ApiPropertyOptional({
    type: 'integer',
    description:
      'The code messages, templates and one-time passwords use (1 e-mail, 2 SMS, 4 mobile push, 5 in-app, 9 Viber); left out for a channel without one',
    example: 1,
  })
  code?: number;
  @ApiProperty({ description: '1 active, 0 deactivated (retired: the contract no longer lists or reads it)', enum: [0, 1], example: 1 })
  state!: number;
  @ApiProperty({ example: '2026-11-27T16:30:00.000Z' }) last_change!: string;
}

class CommunicationChannelDefinitionListDto {
  @ApiProperty({ type: [CommunicationChannelDefinitionViewDto] }) communication_channels!: CommunicationChannelDefinitionViewDto[];
  @ApiProperty({ example: 8 }) total_items!: number;
}

export class CommunicationChannelDefinitionListResponseDto {
  @ApiProperty({ type: CommunicationChannelDefinitionListDto }) data!: CommunicationChannelDefinitionListDto;
}

export class CommunicationChannelDefinitionResponseDto {
  @ApiProperty({ type: CommunicationChannelDefinitionViewDto }) data!: CommunicationChannelDefinitionViewDto;
}
