import { PurchasePropertyResource, PurchasePropertyRow, PurchasePropertyService } from '../modules/purchases';
import { withAdminSession } from './admin-session';
import { UsageError } from './cli-io';
import { cliCommand, JsonOption } from './cli-command';
import { formatRows } from './text-table';

const PROPERTY_COLUMNS = ['RESOURCE', 'PROPERTY ID', 'NAME', 'DATA TYPE', 'REQUIRED', 'UNIQUE', 'STATE', 'ITEMS'];

/** commander has checked `resource` is purchase or purchase_item, and gives the default. */
interface ResourceOption {
  resource: PurchasePropertyResource;
}

interface DefineOptions extends ResourceOption {
  name: string;
  dataType: string;
  required?: boolean;
  unique?: boolean;
  /** Every `--item VALUE_ID=NAME`. */
  item?: string[];
}

const DELETED = 0;

/** `tessera purchase-property list|define|remove`: the additional properties of purchases and their items. */
export const purchasePropertyCommand = cliCommand({
  list: async (_args, options: JsonOption, io) => {
    const properties = await withAdminSession(io, ({ context }) => context.get(PurchasePropertyService).listAll());
    io.stdout(formatRows(PROPERTY_COLUMNS, properties.map(propertyRow), options.json, io.terminalColumns));
    return 0;
  },
  define: async ([propertyId], values: DefineOptions, io) => {
    const resource = values.resource;
    const definition = {
      resource,
      propertyId,
      name: values.name,
      dataType: values.dataType,
      isRequired: values.required ?? false,
      isUnique: values.unique ?? false,
      items: (values.item ?? []).map(itemOf),
    };
    const outcome = await withAdminSession(io, ({ context }) => context.get(PurchasePropertyService).define(definition));
    io.stdout(`${describe(resource, propertyId)} ${outcome}\n`);
    return 0;
  },
  remove: async ([propertyId], { resource }: ResourceOption, io) => {
    const removed = await withAdminSession(io, ({ context }) => context.get(PurchasePropertyService).remove(resource, propertyId));
    io.stdout(
      removed
        ? `${describe(resource, propertyId)} removed; the values purchases have are kept\n`
        : `${describe(resource, propertyId)} was removed already\n`,
    );
    return 0;
  },
});

/** `--item VALUE_ID=NAME`: the name may itself contain `=`. */
function itemOf(option: string): { id: string; name: string } {
  const separator = option.indexOf('=');
  if (separator <= 0) throw new UsageError(`--item needs VALUE_ID=NAME, not "${option}"`);
  return { id: option.slice(0, separator), name: option.slice(separator + 1) };
}

function describe(resource: PurchasePropertyResource, propertyId: string): string {
  return `${resource === 'purchase' ? 'Purchase' : 'Purchase item'} property ${propertyId}`;
}

function propertyRow(property: PurchasePropertyRow): string[] {
  const items = property.items.filter((item) => item.state !== DELETED).map((item) => `${item.id}=${item.name}`);
  return [
    property.resource,
    property.property_id,
    property.name,
    property.data_type,
    property.is_required ? 'yes' : 'no',
    property.is_unique ? 'yes' : 'no',
    property.state === DELETED ? 'deleted' : 'active',
    items.join(', '),
  ];
}
