import { Injectable } from '@nestjs/common';
import { Actor } from '@tessera/http';
import { PartnerService } from './partner.service';
import { StoreService } from './store.service';

/** Which partners a caller acts for when it relates customers to partners. */
@Injectable()
export class CallerPartnersService {
  constructor(
    private readonly stores: StoreService,
    private readonly partners: PartnerService,
  ) {}

  /** An API user bound to a store acts for that store's partner, any other caller for every active partner. */
  async partnerIdsOf(actor: Actor): Promise<string[]> {
    if (actor.kind === 'api_user' && actor.storeId) return [(await this.stores.get(actor.storeId)).partnerId];
    return this.partners.activePartnerIds();
  }
}
