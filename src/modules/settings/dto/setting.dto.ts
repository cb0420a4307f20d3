import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { IsDefined, IsString, MaxLength } from 'class-validator';

export class SettingDto {
  @ApiProperty({ description: 'The environment variable that names it', example: 'TESSERA_LOG_LEVEL' }) name!: string;
  @ApiProperty({
    description: 'The value a server starting now takes, and a running one too where `applies` is at_once; keys and passwords masked',
    example: 'info',
  })
  value!: string;
  @ApiProperty({
    description:
      "Where the value comes from, highest first: the server's environment, the operator API (kept in the database), the data directory's file (`tessera config set`), the default",
    enum: ['env', 'operator', 'file', 'default'],
    example: 'operator',
  })
  source!: string;
  @ApiProperty({
    description: 'at_once: running servers take a change at once; restart: they take it when restarted',
    enum: ['at_once', 'restart'],
    example: 'at_once',
  })
  applies!: string;
  @ApiProperty({ example: 'fatal, error, warn, info, debug, trace or silent' }) help!: string;
  @ApiPropertyOptional({ description: 'Why the value in force does not parse, when it does not', example: '"loud" is not a log level' })
  error?: string;
}

class SettingListDto {
  @ApiProperty({ type: [SettingDto] }) settings!: SettingDto[];
  @ApiProperty({ example: 1 }) total_items!: number;
}

export class SettingListResponseDto {
  @ApiProperty({ type: SettingListDto }) data!: SettingListDto;
}

export class SettingValueDto {
  @ApiProperty({ description: 'Text, as the environment variable takes it', example: 'debug' })
  @IsDefined()
  @IsString()
  @MaxLength(4000)
  value!: string;
}

class SettingChangeDto {
  @ApiProperty({ type: SettingDto }) setting!: SettingDto;
  @ApiProperty({ description: 'The settings changed that running servers take only when restarted', example: ['TESSERA_WORKERS'] })
  restart_required!: string[];
  @ApiProperty({
    description: "The settings changed whose value in the servers' environment outranks the saved one, so that the change has no effect",
    example: [],
  })
  overridden_by_environment!: string[];
}

export class SettingChangeResponseDto {
  @ApiProperty({ type: SettingChangeDto }) data!: SettingChangeDto;
}
