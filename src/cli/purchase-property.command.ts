import { PurchasePropertyResource, PurchasePropertyRow, PurchasePropertyService } from '../modules/purchases';
import { withAdminSession } from './admin-session';
import { CliIo, parseCommandArgs, requireOption, UsageError } from './cli-args';
import { textTable } from './text-table';

const PROPERTY_COLUMNS = ['RESOURCE', 'PROPERTY ID', 'NAME', 'DATA TYPE', 'REQUIRED', 'UNIQUE', 'STATE', 'ITEMS'];

const RESOURCE_OPTION = { resource: { type: 'string' } } as const;
const DEFINE_OPTIONS = {
  ...RESOURCE_OPTION,
  name: { type: 'string' },
  'data-type': { type: 'string' },
  required: { type: 'boolean' },
  unique: { type: 'boolean' },
  item: { type: 'string', multiple: true },
} as const;

const DELETED = 0;

/** `tessera purchase-property list|define|remove`: the additional properties of purchases and their items. */
export async function purchasePropertyCommand(args: string[], io: CliIo): Promise<number> {
  const [action, ...rest] = args;
  switch (action) {
    case 'list': {
      parseCommandArgs(rest, {});
      const properties = await withAdminSession(io, ({ context }) => context.get(PurchasePropertyService).listAll());
      io.stdout(textTable(PROPERTY_COLUMNS, properties.map(propertyRow)));
      return 0;
    }
    case 'define': {
      const { values, positionals } = parseCommandArgs(rest, DEFINE_OPTIONS, ['PROPERTY_ID']);
      const [propertyId] = positionals;
      const resource = resourceOf(values.resource);
      const definition = {
        resource,
        propertyId,
        name: requireOption(values, 'name'),
        dataType: requireOption(values, 'data-type'),
        isRequired: values.required ?? false,
        isUnique: values.unique ?? false,
        // parseCommandArgs types every string option as one string; `multiple` gives a list.
        items: ((values.item as unknown as string[] | undefined) ?? []).map(itemOf),
      };
      const outcome = await withAdminSession(io, ({ context }) => context.get(PurchasePropertyService).define(definition));
      io.stdout(`${describe(resource, propertyId)} ${outcome}\n`);
      return 0;
    }
    case 'remove': {
      const { values, positionals } = parseCommandArgs(rest, RESOURCE_OPTION, ['PROPERTY_ID']);
      const [propertyId] = positionals;
      const resource = resourceOf(values.resource);
      const removed = await withAdminSession(io, ({ context }) => context.get(PurchasePropertyService).remove(resource, propertyId));
      io.stdout(
        removed
          ? `${describe(resource, propertyId)} removed; the values purchases have are kept\n`
          : `${describe(resource, propertyId)} was removed already\n`,
      );
      return 0;
    }
    default:
      throw new UsageError(`Unknown purchase-property command "${action ?? ''}"`);
  }
}

function resourceOf(option: string | undefined): PurchasePropertyResource {
  if (option === undefined || option === 'purchase') return 'purchase';
  if (option === 'purchase_item') return 'purchase_item';
  throw new UsageError('--resource must be purchase or purchase_item');
}

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
