import { Controller } from '@nestjs/common';
import { CustomerApi } from '../../../../../libs/http/src';
import { SegmentsRoutes } from '../segments.routes';

@CustomerApi()
@Controller('segments')
export class CustomerSegmentsController extends SegmentsRoutes {}
