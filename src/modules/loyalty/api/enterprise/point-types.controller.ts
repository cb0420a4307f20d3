import { Controller } from '@nestjs/common';
import { EnterpriseApi } from '../../../../../libs/http/src';
import { PointTypesRoutes } from '../point-types.routes';

@EnterpriseApi()
@Controller('point-types')
export class EnterprisePointTypesController extends PointTypesRoutes {}
