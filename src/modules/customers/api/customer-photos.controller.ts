import { Get, Param, Res } from '@nestjs/common';
import { ApiOkResponse, ApiOperation, ApiProduces, ApiTags } from '@nestjs/swagger';
import type { FastifyReply } from 'fastify';
import { ApiInterface, ApiResource, Offers, Public } from '@tessera/http';
import { CustomerService } from '../customer.service';

/** Serves uploaded customer photos at the `photo_url` customers carry; the random id is the only key. */
@ApiResource('customer-photos')
@ApiTags('Customers')
export class CustomerPhotosController {
  constructor(private readonly customers: CustomerService) {}

  @Get(':photo_id')
  @Offers(ApiInterface.Customer)
  @Public()
  @ApiOperation({
    summary: 'A customer photo (JPEG or PNG)',
    description:
      'Serves the image bytes of an uploaded photo at the address a customer photo_url points to; the random photo id is the only key, so no token is needed. Offered on the customer interface only; an unknown id answers 404.',
  })
  @ApiProduces('image/jpeg', 'image/png')
  @ApiOkResponse({ description: 'The image bytes', schema: { type: 'string', format: 'binary' } })
  async photo(@Param('photo_id') photoId: string, @Res() reply: FastifyReply): Promise<void> {
    const photo = await this.customers.getPhoto(photoId);
    await reply.header('content-type', photo.contentType).header('cache-control', 'public, max-age=86400, immutable').send(photo.data);
  }
}
