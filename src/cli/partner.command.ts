import { PartnerDefinitionDto, PartnerDefinitionRepository, type PartnerDefinitionView } from '../modules/reference-data';
import { lifecycleCommand } from './lifecycle-command';

/** `tessera partner ...`: the companies of the loyalty programme. */
export const partnerCommand = lifecycleCommand<PartnerDefinitionDto, PartnerDefinitionView>({
  name: 'partner',
  store: PartnerDefinitionRepository,
  file: {
    type: PartnerDefinitionDto,
    what: 'partner',
    example: { name: 'Coffee Roasters Ltd.', address: { city: 'Brno', country_code: 'cz' }, vat_id: 'CZ27082440' },
  },
  columns: ['PARTNER ID', 'STATE', 'NAME', 'VAT ID'],
  row: (partner) => [partner.partner_id, String(partner.state), partner.name, partner.vat_id ?? ''],
  viewOnly: ['partner_id', 'state', 'last_change'],
});
