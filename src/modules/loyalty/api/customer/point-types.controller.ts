import { Controller } from '@nestjs/common';
import { CustomerApi } from '../../../../../libs/http/src';
import { PointTypesRoutes } from '../point-types.routes';

@CustomerApi()
@Controller('point-types')
export class CustomerPointTypesController extends PointTypesRoutes {}
