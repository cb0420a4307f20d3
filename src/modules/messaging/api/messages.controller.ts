import { Body, Get, HttpCode, Inject, Param, Post, Query } from '@nestjs/common';
import { ApiNoContentResponse, ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import {
  Actor,
  ApiInterface,
  ApiResource,
  CurrentActor,
  dataEnvelope,
  listEnvelope,
  Offers,
  RequiresCustomer,
  toPageRequest,
} from '@tessera/http';
import { AppConfig } from '../../../config/app-config';
import { APP_CONFIG } from '../../../config/app-config.module';
import {
  MessageDetailResponseDto,
  MessageListQueryDto,
  MessageListResponseDto,
  MessageResponseDto,
  SendMessageBodyDto,
} from '../dto/message.dto';
import { MESSAGE_SORT_FIELDS, MessageService } from '../message.service';
import { toMessageDetailDto, toMessageDto } from '../messaging.mapper';

/** Messages sent to customers; the Customer interface sees the logged-in customer's own. */
@ApiResource('messages')
@ApiTags('Messages')
export class MessagesController {
  constructor(
    private readonly messages: MessageService,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  @Get()
  @Offers('both')
  @RequiresCustomer()
  @ApiOperation({
    summary: 'Messages, in the order they were sent unless sorted',
    description:
      'Lists messages sent to customers, filtered by customer, contact (compared case-insensitively), channel (id or numeric code) and send-time range. The Enterprise interface sees only the messages sent through the API, not system ones such as one-time passwords; the Customer interface sees every message of the logged-in customer.',
  })
  @ApiOkResponse({ type: MessageListResponseDto })
  async list(@CurrentActor() actor: Actor, @Query() query: MessageListQueryDto) {
    const page = await this.messages.list(actor, query, toPageRequest(query, MESSAGE_SORT_FIELDS));
    return listEnvelope('messages', page, (message) => toMessageDto(message, this.config.timeZone));
  }

  @Get(':message_id')
  @Offers('both')
  @RequiresCustomer()
  @ApiOperation({
    summary: 'One message',
    description:
      'Returns a message by its id under the same visibility as the list: on the Enterprise interface a system message answers 404, and on the Customer interface so does a message of another customer.',
  })
  @ApiOkResponse({ type: MessageResponseDto })
  async get(@CurrentActor() actor: Actor, @Param('message_id') messageId: string): Promise<MessageResponseDto> {
    return dataEnvelope(toMessageDto(await this.messages.get(actor, messageId), this.config.timeZone));
  }

  @Get(':message_id/detail')
  @Offers('both')
  @RequiresCustomer()
  @ApiOperation({
    summary: 'The bodies of a message as rendered for the customer',
    description:
      'Shows the title and bodies of a message as rendered and stored when it was queued. Messages carrying a secret (one-time passwords, password-setup links) appear only on the Customer interface, to the customer they went to, and their bodies are erased once delivery ends.',
  })
  @ApiOkResponse({ type: MessageDetailResponseDto })
  async detail(@CurrentActor() actor: Actor, @Param('message_id') messageId: string): Promise<MessageDetailResponseDto> {
    return dataEnvelope(toMessageDetailDto(await this.messages.detail(actor, messageId), this.config.timeZone));
  }

  @Post('actions/send-message')
  @Offers(ApiInterface.Enterprise)
  @HttpCode(204)
  @ApiOperation({
    summary: 'Render a template for a customer and queue it for delivery',
    description:
      'Renders a message template for a customer and queues the message for delivery; every check runs before anything is stored. The channel must be one this server can deliver (400 not_allowed_value naming the missing setting otherwise), the template active and of that channel. Unless the template is consent-free, the customer must have consented to the channel: without consent the message is recorded as not sent and not queued.',
  })
  @ApiNoContentResponse()
  async send(@Body() body: SendMessageBodyDto): Promise<void> {
    await this.messages.send(body.message);
  }
}
