import { Body, Delete, Get, HttpCode, Inject, Param, Post, Put, Query } from '@nestjs/common';
import { ApiCreatedResponse, ApiNoContentResponse, ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import {
  Actor,
  ApiInterface,
  ApiResource,
  CurrentActor,
  dataEnvelope,
  listEnvelope,
  ListQueryDto,
  Offers,
  RequiresCustomer,
  toPageRequest,
} from '@tessera/http';
import { AppConfig } from '../../../config/app-config';
import { APP_CONFIG } from '../../../config/app-config.module';
import {
  TaskAssigneePostBodyDto,
  TaskCommentListQueryDto,
  TaskCommentPostBodyDto,
  TaskListQueryDto,
  TaskPostBodyDto,
  TaskPutBodyDto,
} from '../dto/task.dto';
import {
  TaskAssigneeIdResponseDto,
  TaskAssigneeListResponseDto,
  TaskAssigneeResponseDto,
  TaskCommentIdResponseDto,
  TaskCommentListResponseDto,
  TaskCommentResponseDto,
  TaskIdResponseDto,
  TaskListResponseDto,
  TaskPropertyRecordListResponseDto,
  TaskResponseDto,
} from '../dto/task-response.dto';
import { TASK_ASSIGNEE_SORT_FIELDS, TASK_COMMENT_SORT_FIELDS, TaskDiscussionService } from '../task-discussion.service';
import { TASK_SORT_FIELDS, TaskService } from '../task.service';
import { toTaskAssigneeDto, toTaskCommentDto, toTaskDto, toTaskPropertyRecordDto } from '../tasks.mapper';

/** Tasks with their comments, assignees and property values; on the Customer interface the logged-in customer's only. */
@ApiResource('tasks')
@ApiTags('Tasks')
export class TasksController {
  constructor(
    private readonly tasks: TaskService,
    private readonly discussion: TaskDiscussionService,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  @Get()
  @Offers('both')
  @RequiresCustomer()
  @ApiOperation({
    summary: 'Tasks, oldest first unless sorted',
    description:
      "Lists tasks (complaints, requests and other work for one customer), oldest first unless sorted; filter by type, state, customer, priority, due date or part of the title or note. On the Customer interface only the logged-in customer's.",
  })
  @ApiOkResponse({ type: TaskListResponseDto })
  async list(@CurrentActor() actor: Actor, @Query() query: TaskListQueryDto) {
    const page = await this.tasks.list(actor, query, toPageRequest(query, TASK_SORT_FIELDS));
    return listEnvelope('tasks', page, (task) => toTaskDto(task, this.config.timeZone));
  }

  @Post()
  @Offers('both')
  @RequiresCustomer()
  @ApiOperation({
    summary: 'Create a task with its property values and (Enterprise interface) assignees',
    description:
      'Creates a task for a customer with its property values and, on the Enterprise interface, its assignees; it writes a task_state_change event in the same transaction. The state must be active (400 not_allowed_value on task.task_state_id otherwise). On the Customer interface the task belongs to the logged-in customer and may not name assignees.',
  })
  @ApiCreatedResponse({ type: TaskIdResponseDto })
  async create(@CurrentActor() actor: Actor, @Body() body: TaskPostBodyDto) {
    return dataEnvelope({ task_id: await this.tasks.create(actor, body) });
  }

  @Get(':task_id')
  @Offers('both')
  @RequiresCustomer()
  @ApiOperation({
    summary: 'One task',
    description: "Reads one task. On the Customer interface another customer's task answers 404.",
  })
  @ApiOkResponse({ type: TaskResponseDto })
  async get(@CurrentActor() actor: Actor, @Param('task_id') taskId: string): Promise<TaskResponseDto> {
    return dataEnvelope(toTaskDto(await this.tasks.get(actor, taskId), this.config.timeZone));
  }

  @Put(':task_id')
  @Offers('both')
  @RequiresCustomer()
  @HttpCode(204)
  @ApiOperation({
    summary: "Replace a task's fields; a new task_state_id moves it through the workflow",
    description:
      "Replaces a task's fields. A new task_state_id moves it to another active state (back to an earlier one too) unless its current state is final; a refused move answers 400 on task.task_state_id. Sending the current state is always accepted. Each move writes a task_state_change event; the task is locked meanwhile, so concurrent moves are judged one after the other.",
  })
  @ApiNoContentResponse()
  async replace(@CurrentActor() actor: Actor, @Param('task_id') taskId: string, @Body() body: TaskPutBodyDto): Promise<void> {
    await this.tasks.update(actor, taskId, body.task);
  }

  @Get(':task_id/task-comments')
  @Offers('both')
  @RequiresCustomer()
  @ApiOperation({
    summary: "A task's comments, oldest first unless sorted",
    description:
      "Lists the comments of a task, oldest first unless sorted; task_comment_text filters by part of the text. On the Customer interface another customer's task answers 404.",
  })
  @ApiOkResponse({ type: TaskCommentListResponseDto })
  async comments(@CurrentActor() actor: Actor, @Param('task_id') taskId: string, @Query() query: TaskCommentListQueryDto) {
    const page = await this.discussion.listComments(actor, taskId, query, toPageRequest(query, TASK_COMMENT_SORT_FIELDS));
    return listEnvelope('task_comments', page, (comment) => toTaskCommentDto(comment, this.config.timeZone));
  }

  @Post(':task_id/task-comments')
  @Offers('both')
  @RequiresCustomer()
  @ApiOperation({
    summary: 'Comment on a task',
    description:
      "Adds a comment to a task's discussion. Comments cannot be deleted. On the Customer interface another customer's task answers 404.",
  })
  @ApiCreatedResponse({ type: TaskCommentIdResponseDto })
  async comment(@CurrentActor() actor: Actor, @Param('task_id') taskId: string, @Body() body: TaskCommentPostBodyDto) {
    return dataEnvelope({ task_comment_id: await this.discussion.addComment(actor, taskId, body.task_comment.text) });
  }

  @Get(':task_id/task-comments/:task_comment_id')
  @Offers('both')
  @RequiresCustomer()
  @ApiOperation({
    summary: 'One comment of a task',
    description: "Reads one comment of a task. On the Customer interface another customer's task answers 404.",
  })
  @ApiOkResponse({ type: TaskCommentResponseDto })
  async getComment(
    @CurrentActor() actor: Actor,
    @Param('task_id') taskId: string,
    @Param('task_comment_id') commentId: string,
  ): Promise<TaskCommentResponseDto> {
    return dataEnvelope(toTaskCommentDto(await this.discussion.getComment(actor, taskId, commentId), this.config.timeZone));
  }

  @Get(':task_id/assignees')
  @Offers('both')
  @RequiresCustomer()
  @ApiOperation({
    summary: 'The users assigned to a task',
    description:
      "Lists the API users assigned to a task, in the order they were assigned. On the Customer interface another customer's task answers 404.",
  })
  @ApiOkResponse({ type: TaskAssigneeListResponseDto })
  async assignees(@CurrentActor() actor: Actor, @Param('task_id') taskId: string, @Query() query: ListQueryDto) {
    const page = await this.discussion.listAssignees(actor, taskId, toPageRequest(query, TASK_ASSIGNEE_SORT_FIELDS));
    return listEnvelope('task_assignees', page, (assignee) => toTaskAssigneeDto(assignee, this.config.timeZone));
  }

  @Post(':task_id/assignees')
  @Offers(ApiInterface.Enterprise)
  @ApiOperation({
    summary: 'Assign a user to a task',
    description: 'Assigns an API user to a task.',
  })
  @ApiCreatedResponse({ type: TaskAssigneeIdResponseDto })
  async assign(@CurrentActor() actor: Actor, @Param('task_id') taskId: string, @Body() body: TaskAssigneePostBodyDto) {
    return dataEnvelope({ task_assignee_id: await this.discussion.assign(actor, taskId, body.task_assignee.user_id) });
  }

  @Get(':task_id/assignees/:assignee_id')
  @Offers('both')
  @RequiresCustomer()
  @ApiOperation({
    summary: 'One assignment of a task, by its task_assignee_id',
    description: "Reads one assignment of a task by its task_assignee_id. On the Customer interface another customer's task answers 404.",
  })
  @ApiOkResponse({ type: TaskAssigneeResponseDto })
  async getAssignee(
    @CurrentActor() actor: Actor,
    @Param('task_id') taskId: string,
    @Param('assignee_id') assigneeId: string,
  ): Promise<TaskAssigneeResponseDto> {
    return dataEnvelope(toTaskAssigneeDto(await this.discussion.getAssignee(actor, taskId, assigneeId), this.config.timeZone));
  }

  @Delete(':task_id/assignees/:assignee_id')
  @Offers(ApiInterface.Enterprise)
  @HttpCode(204)
  @ApiOperation({
    summary: 'Take a user off a task',
    description: 'Removes an assignment from a task.',
  })
  @ApiNoContentResponse()
  async unassign(@CurrentActor() actor: Actor, @Param('task_id') taskId: string, @Param('assignee_id') assigneeId: string): Promise<void> {
    await this.discussion.unassign(actor, taskId, assigneeId);
  }

  @Get(':task_id/property-records')
  @Offers('both')
  @RequiresCustomer()
  @ApiOperation({
    summary: "A task's property values, all of them",
    description:
      "Lists every property value stored on a task, by property id. On the Customer interface another customer's task answers 404.",
  })
  @ApiOkResponse({ type: TaskPropertyRecordListResponseDto })
  async propertyRecords(@CurrentActor() actor: Actor, @Param('task_id') taskId: string) {
    const records = await this.tasks.propertyRecords(actor, taskId);
    return listEnvelope('property_records', { items: records, total: records.length }, (record) =>
      toTaskPropertyRecordDto(record, this.config.timeZone),
    );
  }
}
