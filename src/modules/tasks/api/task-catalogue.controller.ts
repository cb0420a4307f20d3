import { Get, Inject, Param, Query } from '@nestjs/common';
import { ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { ApiResource, dataEnvelope, listEnvelope, ListQueryDto, Offers, toPageRequest } from '@tessera/http';
import { AppConfig } from '../../../config/app-config';
import { APP_CONFIG } from '../../../config/app-config.module';
import { PROPERTY_SORT_FIELDS, PropertyResponseDto, toPropertyDto } from '../../reference-data';
import { TaskPropertyListQueryDto } from '../dto/task.dto';
import {
  TaskPropertyListResponseDto,
  TaskStateListResponseDto,
  TaskStateResponseDto,
  TaskTypeListResponseDto,
  TaskTypeResponseDto,
} from '../dto/task-response.dto';
import { TASK_STATE_SORT_FIELDS, TASK_TYPE_SORT_FIELDS, TaskCatalogueService } from '../task-catalogue.service';
import { TaskPropertyService } from '../task-property.service';
import { toTaskStateDto, toTaskTypeDto } from '../tasks.mapper';

/** Task types: a catalogue the operator maintains, listed in every state. */
@ApiResource('task-types')
@ApiTags('Tasks')
export class TaskTypesController {
  constructor(private readonly catalogue: TaskCatalogueService) {}

  @Get()
  @Offers('both')
  @ApiOperation({
    summary: 'Task types',
    description: 'Lists the task types in every state, deleted ones (state 0) included, each with its name and text id.',
  })
  @ApiOkResponse({ type: TaskTypeListResponseDto })
  async list(@Query() query: ListQueryDto) {
    return listEnvelope('task_types', await this.catalogue.listTypes(toPageRequest(query, TASK_TYPE_SORT_FIELDS)), toTaskTypeDto);
  }

  @Get(':task_type_id')
  @Offers('both')
  @ApiOperation({ summary: 'One task type', description: 'Reads one task type whatever its state. 404 when no task type has this id.' })
  @ApiOkResponse({ type: TaskTypeResponseDto })
  async get(@Param('task_type_id') typeId: string): Promise<TaskTypeResponseDto> {
    return dataEnvelope(toTaskTypeDto(await this.catalogue.getType(typeId)));
  }
}

/** Task states, the steps of the task workflow: a catalogue the operator maintains, listed in every state. */
@ApiResource('task-states')
@ApiTags('Tasks')
export class TaskStatesController {
  constructor(private readonly catalogue: TaskCatalogueService) {}

  @Get()
  @Offers('both')
  @ApiOperation({
    summary: 'Task states',
    description: 'Lists the steps of the task workflow in every state, deleted ones (state 0) included, each with its name and text id.',
  })
  @ApiOkResponse({ type: TaskStateListResponseDto })
  async list(@Query() query: ListQueryDto) {
    return listEnvelope('task_states', await this.catalogue.listStates(toPageRequest(query, TASK_STATE_SORT_FIELDS)), toTaskStateDto);
  }

  @Get(':task_state_id')
  @Offers('both')
  @ApiOperation({ summary: 'One task state', description: 'Reads one task state whatever its state. 404 when no task state has this id.' })
  @ApiOkResponse({ type: TaskStateResponseDto })
  async get(@Param('task_state_id') stateId: string): Promise<TaskStateResponseDto> {
    return dataEnvelope(toTaskStateDto(await this.catalogue.getState(stateId)));
  }
}

/** The custom fields tasks can carry. */
@ApiResource('task-properties')
@ApiTags('Task properties')
export class TaskPropertiesController {
  constructor(
    private readonly properties: TaskPropertyService,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  @Get()
  @Offers('both')
  @ApiOperation({
    summary: 'Custom attributes tasks can carry',
    description:
      'Lists the custom fields a task can be given values of when it is created, each with its items; removed properties stay listed with state 0. `name` keeps those whose name contains the text, ignoring case.',
  })
  @ApiOkResponse({ type: TaskPropertyListResponseDto })
  async list(@Query() query: TaskPropertyListQueryDto) {
    const page = await this.properties.list(query, toPageRequest(query, PROPERTY_SORT_FIELDS));
    return listEnvelope('task_properties', page, (property) => toPropertyDto(property, this.config.timeZone));
  }

  @Get(':task_property_id')
  @Offers('both')
  @ApiOperation({
    summary: 'One task property with its items',
    description: 'Reads one task property with its items, also after it was removed. 404 when no task property has this id.',
  })
  @ApiOkResponse({ type: PropertyResponseDto })
  async get(@Param('task_property_id') propertyId: string): Promise<PropertyResponseDto> {
    return dataEnvelope(toPropertyDto(await this.properties.get(propertyId), this.config.timeZone));
  }
}
