import { Controller } from '@nestjs/common';
import { EnterpriseApi } from '../../../../../libs/http/src';
import { SegmentGroupsRoutes } from '../segment-groups.routes';

@EnterpriseApi()
@Controller('segment-groups')
export class EnterpriseSegmentGroupsController extends SegmentGroupsRoutes {}
