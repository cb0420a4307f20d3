import { Controller } from '@nestjs/common';
import { EnterpriseApi } from '../../../../../libs/http/src';
import { CardsRoutes } from '../cards.routes';

@EnterpriseApi()
@Controller('cards')
export class EnterpriseCardsController extends CardsRoutes {}
