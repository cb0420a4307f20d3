import { Controller, Get, Param, Res } from '@nestjs/common';
import { ApiExcludeController } from '@nestjs/swagger';
import type { FastifyReply } from 'fastify';
import { CARD_FILES_PATH, DigitalCardService } from '../digital-card.service';

/**
 * Serves rendered digital cards at the `file_url` generate-digital-card-file returns. Outside both
 * interfaces and without a token, like any file link; the 128-bit random name is the access control.
 */
@ApiExcludeController()
@Controller(CARD_FILES_PATH)
export class CardFilesController {
  constructor(private readonly digitalCards: DigitalCardService) {}

  @Get(':file_name')
  async file(@Param('file_name') fileName: string, @Res() reply: FastifyReply): Promise<void> {
    const file = await this.digitalCards.file(fileName);
    await reply.type(file.mediaType).header('cache-control', 'public, max-age=86400, immutable').send(file.content);
  }
}
