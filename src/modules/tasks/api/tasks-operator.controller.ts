import { Body, Get, HttpCode, HttpStatus, Param, Post, Put, Query } from '@nestjs/common';
import { ApiCreatedResponse, ApiOkResponse, ApiOperation } from '@nestjs/swagger';
import { DefinitionListQueryDto, OperatorAccess, OperatorResource, dataEnvelope, listEnvelope, toPageRequest } from '@tessera/http';
import { AuditActor, DefinitionLifecycle, OperatorWriter } from '../../audit';
import {
  TaskStateDefinitionDto,
  TaskStateDefinitionListResponseDto,
  TaskStateDefinitionResponseDto,
  TaskTypeDefinitionDto,
  TaskTypeDefinitionListResponseDto,
  TaskTypeDefinitionResponseDto,
} from '../dto/task-catalogue-definition.dto';
import { TaskStateDefinitionRepository } from '../task-state-definition.repository';
import { TaskTypeDefinitionRepository } from '../task-type-definition.repository';

@OperatorResource('task-types')
export class TaskTypesOperatorController {
  constructor(
    private readonly lifecycle: DefinitionLifecycle,
    private readonly types: TaskTypeDefinitionRepository,
  ) {}

  @Get()
  @OperatorAccess('definitions:read')
  @ApiOperation({ summary: 'Task types', description: 'The kinds of task, active, inactive and deactivated, by text id.' })
  @ApiOkResponse({ type: TaskTypeDefinitionListResponseDto })
  async list(@Query() query: DefinitionListQueryDto) {
    return listEnvelope('task_types', await this.types.list(query, toPageRequest(query, [])), (type) => type);
  }

  @Get(':task_type_key')
  @OperatorAccess('definitions:read')
  @ApiOperation({ summary: 'One task type', description: 'By id or text id. 404 when neither names a task type.' })
  @ApiOkResponse({ type: TaskTypeDefinitionResponseDto })
  async show(@Param('task_type_key') key: string) {
    return dataEnvelope(await this.lifecycle.show(this.types, key));
  }

  @Post()
  @OperatorAccess('definitions:write')
  @ApiOperation({ summary: 'Create a task type', description: 'A text id no other task type has, its name, and 1 active or 2 inactive.' })
  @ApiCreatedResponse({ type: TaskTypeDefinitionResponseDto })
  async create(@OperatorWriter() actor: AuditActor, @Body() body: TaskTypeDefinitionDto) {
    return dataEnvelope(await this.lifecycle.create(actor, this.types, body));
  }

  @Put(':task_type_key')
  @OperatorAccess('definitions:write')
  @ApiOperation({ summary: 'Change a task type', description: 'Replaces its text id, name and state; its tasks keep pointing at it.' })
  @ApiOkResponse({ type: TaskTypeDefinitionResponseDto })
  async change(@OperatorWriter() actor: AuditActor, @Param('task_type_key') key: string, @Body() body: TaskTypeDefinitionDto) {
    return dataEnvelope(await this.lifecycle.change(actor, this.types, key, body));
  }

  @Post(':task_type_key/actions/deactivate')
  @HttpCode(HttpStatus.OK)
  @OperatorAccess('definitions:write')
  @ApiOperation({ summary: 'Deactivate a task type', description: 'State 0 (removed): kept for the tasks that have it.' })
  @ApiOkResponse({ type: TaskTypeDefinitionResponseDto })
  async deactivate(@OperatorWriter() actor: AuditActor, @Param('task_type_key') key: string) {
    return dataEnvelope(await this.lifecycle.setState(actor, this.types, key, 0));
  }

  @Post(':task_type_key/actions/activate')
  @HttpCode(HttpStatus.OK)
  @OperatorAccess('definitions:write')
  @ApiOperation({ summary: 'Activate a task type', description: 'State 1 again.' })
  @ApiOkResponse({ type: TaskTypeDefinitionResponseDto })
  async activate(@OperatorWriter() actor: AuditActor, @Param('task_type_key') key: string) {
    return dataEnvelope(await this.lifecycle.setState(actor, this.types, key, 1));
  }
}

@OperatorResource('task-states')
export class TaskStatesOperatorController {
  constructor(
    private readonly lifecycle: DefinitionLifecycle,
    private readonly states: TaskStateDefinitionRepository,
  ) {}

  @Get()
  @OperatorAccess('definitions:read')
  @ApiOperation({ summary: 'Task states', description: 'The steps of the task workflow, active, inactive and deactivated, by text id.' })
  @ApiOkResponse({ type: TaskStateDefinitionListResponseDto })
  async list(@Query() query: DefinitionListQueryDto) {
    return listEnvelope('task_states', await this.states.list(query, toPageRequest(query, [])), (state) => state);
  }

  @Get(':task_state_key')
  @OperatorAccess('definitions:read')
  @ApiOperation({ summary: 'One task state', description: 'By id or text id. 404 when neither names a task state.' })
  @ApiOkResponse({ type: TaskStateDefinitionResponseDto })
  async show(@Param('task_state_key') key: string) {
    return dataEnvelope(await this.lifecycle.show(this.states, key));
  }

  @Post()
  @OperatorAccess('definitions:write')
  @ApiOperation({
    summary: 'Create a task state',
    description:
      'A text id no other task state has, its name, whether it is final (a task in it never leaves it), and 1 active or 2 inactive.',
  })
  @ApiCreatedResponse({ type: TaskStateDefinitionResponseDto })
  async create(@OperatorWriter() actor: AuditActor, @Body() body: TaskStateDefinitionDto) {
    return dataEnvelope(await this.lifecycle.create(actor, this.states, body));
  }

  @Put(':task_state_key')
  @OperatorAccess('definitions:write')
  @ApiOperation({ summary: 'Change a task state', description: 'Replaces its text id, name, finality and state; tasks in it stay there.' })
  @ApiOkResponse({ type: TaskStateDefinitionResponseDto })
  async change(@OperatorWriter() actor: AuditActor, @Param('task_state_key') key: string, @Body() body: TaskStateDefinitionDto) {
    return dataEnvelope(await this.lifecycle.change(actor, this.states, key, body));
  }

  @Post(':task_state_key/actions/deactivate')
  @HttpCode(HttpStatus.OK)
  @OperatorAccess('definitions:write')
  @ApiOperation({ summary: 'Deactivate a task state', description: 'State 0 (removed): tasks in it stay there until moved.' })
  @ApiOkResponse({ type: TaskStateDefinitionResponseDto })
  async deactivate(@OperatorWriter() actor: AuditActor, @Param('task_state_key') key: string) {
    return dataEnvelope(await this.lifecycle.setState(actor, this.states, key, 0));
  }

  @Post(':task_state_key/actions/activate')
  @HttpCode(HttpStatus.OK)
  @OperatorAccess('definitions:write')
  @ApiOperation({ summary: 'Activate a task state', description: 'State 1 again.' })
  @ApiOkResponse({ type: TaskStateDefinitionResponseDto })
  async activate(@OperatorWriter() actor: AuditActor, @Param('task_state_key') key: string) {
    return dataEnvelope(await this.lifecycle.setState(actor, this.states, key, 1));
  }
}
