import { ApiProperty } from '@nestjs/swagger';
import { ListQueryDto } from '@tessera/http';

export class CommunicationChannelListQueryDto extends ListQueryDto {}

export class CommunicationChannelDto {
  @ApiProperty() communication_channel_id!: string;
  @ApiProperty() name!: string;
  @ApiProperty({ example: 'email' }) text_id!: string;
}

export class CommunicationChannelListDataDto {
  @ApiProperty({ type: () => [CommunicationChannelDto] }) communication_channels!: CommunicationChannelDto[];
  @ApiProperty({ type: 'integer' }) total_items!: number;
}

export class CommunicationChannelListResponseDto {
  @ApiProperty({ type: () => CommunicationChannelListDataDto }) data!: CommunicationChannelListDataDto;
}

export class CommunicationChannelResponseDto {
  @ApiProperty({ type: () => CommunicationChannelDto }) data!: CommunicationChannelDto;
}
