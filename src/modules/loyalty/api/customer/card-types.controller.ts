import { Controller } from '@nestjs/common';
import { CustomerApi } from '../../../../../libs/http/src';
import { CardTypesRoutes } from '../card-types.routes';

@CustomerApi()
@Controller('card-types')
export class CustomerCardTypesController extends CardTypesRoutes {}
