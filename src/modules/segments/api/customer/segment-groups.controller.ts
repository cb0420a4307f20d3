import { Controller } from '@nestjs/common';
import { CustomerApi } from '../../../../../libs/http/src';
import { SegmentGroupsRoutes } from '../segment-groups.routes';

@CustomerApi()
@Controller('segment-groups')
export class CustomerSegmentGroupsController extends SegmentGroupsRoutes {}
