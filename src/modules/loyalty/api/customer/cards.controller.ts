import { Controller } from '@nestjs/common';
import { CustomerApi } from '../../../../../libs/http/src';
import { CardsRoutes } from '../cards.routes';

@CustomerApi()
@Controller('cards')
export class CustomerCardsController extends CardsRoutes {}
