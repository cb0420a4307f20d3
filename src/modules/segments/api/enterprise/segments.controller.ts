import { Controller } from '@nestjs/common';
import { EnterpriseApi } from '../../../../../libs/http/src';
import { SegmentsRoutes } from '../segments.routes';

@EnterpriseApi()
@Controller('segments')
export class EnterpriseSegmentsController extends SegmentsRoutes {}
