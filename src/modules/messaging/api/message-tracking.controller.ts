import { Controller, Get, Headers, Param, Res } from '@nestjs/common';
import { ApiExcludeController } from '@nestjs/swagger';
import type { FastifyReply } from 'fastify';
import { TRACKING_PIXEL_PATH } from '../delivery/message-delivery.service';
import { MessageService } from '../message.service';

/** A transparent 1x1 GIF. */
const PIXEL = Buffer.from('R0lGODlhAQABAIAAAAAAAP///yH5BAEAAAAALAAAAAABAAEAAAIBRAA7', 'base64');
const TRACKING_FILE = /^([0-9a-f]{64})\.gif$/;

/**
 * The open-tracking pixel HTML e-mails embed: loading it records when the message was first opened,
 * with the mail client's user agent and languages. Outside both interfaces and without a token; the
 * 256-bit token in the name is the key. Every name answers the same picture, so it reveals nothing.
 */
@ApiExcludeController()
@Controller(TRACKING_PIXEL_PATH)
export class MessageTrackingController {
  constructor(private readonly messages: MessageService) {}

  @Get(':file_name')
  async pixel(
    @Param('file_name') fileName: string,
    @Headers('user-agent') userAgent: string | undefined,
    @Headers('accept-language') language: string | undefined,
    @Res() reply: FastifyReply,
  ): Promise<void> {
    const token = TRACKING_FILE.exec(fileName)?.[1];
    if (token) await this.messages.recordOpen(token, userAgent, language);
    await reply.type('image/gif').header('cache-control', 'no-store').send(PIXEL);
  }
}
