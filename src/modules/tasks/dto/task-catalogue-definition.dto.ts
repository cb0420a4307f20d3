import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { IsBoolean, IsDefined, IsIn, IsInt, IsOptional, IsString, Matches } from 'class-validator';
import { TEXT_ID_PATTERN, TEXT_ID_RULE } from '@tessera/http';
import { TaskCatalogueState } from '../entities/task-catalogue.entity';

/** A task type as the operator defines it (operator API body, `tessera task-type define` file). */
export class TaskTypeDefinitionDto {
  @ApiProperty({ description: 'The key integrators name it by', example: 'callback' })
  @IsDefined()
  @IsString()
  @Matches(TEXT_ID_PATTERN, { message: TEXT_ID_RULE })
  text_id!: string;

  @ApiProperty({ example: 'Call the customer back' })
  @IsDefined()
  @IsString()
  @Matches(/\S/, { message: 'name needs more than spaces' })
  name!: string;

  @ApiPropertyOptional({
    description: '1 active, 2 inactive (listed, not for new tasks); absent, 1 (a deactivated one stays deactivated until activated)',
    enum: [TaskCatalogueState.Active, TaskCatalogueState.Inactive],
    example: 1,
  })
  @IsOptional()
  @IsInt()
  @IsIn([TaskCatalogueState.Active, TaskCatalogueState.Inactive])
  state?: TaskCatalogueState.Active | TaskCatalogueState.Inactive;
}

export class TaskTypeDefinitionViewDto extends TaskTypeDefinitionDto {
  @ApiProperty({ example: '3f9a1c7e5b2d4e6f8a0b1c2d3e4f5a6b' }) task_type_id!: string;
  @ApiProperty({ description: '1 active, 2 inactive, 0 deactivated', enum: [0, 1, 2], example: 1 }) declare state: number;
  @ApiProperty({ example: '2026-11-27T16:30:00.000Z' }) last_change!: string;
}

/**
 * A task state adds whether it is final: a task in a final state never leaves it. Its fields are its
 * own rather than inherited, as the file's JSON Schema is drawn from the class's own properties.
 */
export class TaskStateDefinitionDto {
  @ApiProperty({ description: 'The key integrators name it by', example: 'on_hold' })
  @IsDefined()
  @IsString()
  @Matches(TEXT_ID_PATTERN, { message: TEXT_ID_RULE })
  text_id!: string;

  @ApiProperty({ example: 'On hold' })
  @IsDefined()
  @IsString()
  @Matches(/\S/, { message: 'name needs more than spaces' })
  name!: string;

  @ApiPropertyOptional({
    description: '1 active, 2 inactive (listed, not for new tasks); absent, 1 (a deactivated one stays deactivated until activated)',
    enum: [TaskCatalogueState.Active, TaskCatalogueState.Inactive],
    example: 1,
  })
  @IsOptional()
  @IsInt()
  @IsIn([TaskCatalogueState.Active, TaskCatalogueState.Inactive])
  state?: TaskCatalogueState.Active | TaskCatalogueState.Inactive;

  @ApiPropertyOptional({ description: 'A task in a final state never leaves it; absent is false', example: false })
  @IsOptional()
  @IsBoolean()
  is_final?: boolean;
}

export class TaskStateDefinitionViewDto extends TaskStateDefinitionDto {
  @ApiProperty({ example: '5b2d4e6f8a0b1c2d3e4f5a6b3f9a1c7e' }) task_state_id!: string;
  @ApiProperty({ description: '1 active, 2 inactive, 0 deactivated', enum: [0, 1, 2], example: 1 }) declare state: number;
  @ApiProperty({ example: false }) declare is_final: boolean;
  @ApiProperty({ example: '2026-11-27T16:30:00.000Z' }) last_change!: string;
}

class TaskTypeDefinitionListDto {
  @ApiProperty({ type: [TaskTypeDefinitionViewDto] }) task_types!: TaskTypeDefinitionViewDto[];
  @ApiProperty({ example: 1 }) total_items!: number;
}

export class TaskTypeDefinitionListResponseDto {
  @ApiProperty({ type: TaskTypeDefinitionListDto }) data!: TaskTypeDefinitionListDto;
}

export class TaskTypeDefinitionResponseDto {
  @ApiProperty({ type: TaskTypeDefinitionViewDto }) data!: TaskTypeDefinitionViewDto;
}

class TaskStateDefinitionListDto {
  @ApiProperty({ type: [TaskStateDefinitionViewDto] }) task_states!: TaskStateDefinitionViewDto[];
  @ApiProperty({ example: 1 }) total_items!: number;
}

export class TaskStateDefinitionListResponseDto {
  @ApiProperty({ type: TaskStateDefinitionListDto }) data!: TaskStateDefinitionListDto;
}

export class TaskStateDefinitionResponseDto {
  @ApiProperty({ type: TaskStateDefinitionViewDto }) data!: TaskStateDefinitionViewDto;
}
