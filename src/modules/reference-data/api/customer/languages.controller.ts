import { Controller } from '@nestjs/common';
import { CustomerApi } from '../../../../../libs/http/src';
import { LanguagesRoutes } from '../reference-data.routes';

@CustomerApi()
@Controller('languages')
export class CustomerLanguagesController extends LanguagesRoutes {}
