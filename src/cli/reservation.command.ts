import { IsDefined, IsNotEmpty, IsNumber, IsObject, IsOptional, IsString, Matches, Max, Min, ValidateIf } from 'class-validator';
import { CommonException, InvalidReason } from '@tessera/http';
import { ReservableProductService, ReservationDefinitionService, ReservationPriceService } from '../modules/product-reservations';
import { withAdminSession } from './admin-session';
import { CliIo, parseCommandArgs, UsageError } from './cli-args';
import { checkedDefinition, readJsonDefinition } from './json-definition';
import { textTable } from './text-table';

/** Readable keys of sources and list types, as the seeded `e_shop` or `cash_desk`. */
const TEXT_ID = /^[a-z0-9_]{1,64}$/;
const TEXT_ID_MESSAGE = { message: 'text_id takes lowercase letters, digits and underscores (at most 64)' };

/** A reservable product: the product and the stock left to reserve; a null or absent stock has no limit. */
class ReservableProductInputDto {
  @IsDefined() @IsString() @IsNotEmpty() product_id!: string;
  @IsOptional()
  @ValidateIf((_, value) => value !== null)
  @IsNumber({ allowNaN: false, allowInfinity: false, maxDecimalPlaces: 3 })
  @Min(0)
  @Max(99_999_999_999)
  stock?: number | null;
}

class ReservationSourceInputDto {
  @IsDefined() @IsString() @Matches(TEXT_ID, TEXT_ID_MESSAGE) text_id!: string;
  /** The name per language code, as `{"en": "E-shop"}`. */
  @IsDefined() @IsObject() names!: Record<string, string>;
}

class ReservationListTypeInputDto {
  @IsDefined() @IsString() @Matches(TEXT_ID, TEXT_ID_MESSAGE) text_id!: string;
  @IsDefined() @IsString() @IsNotEmpty() name!: string;
}

/** `tessera reservable-product list|define|remove`: which products can be reserved, and their stock. */
export async function reservableProductCommand(args: string[], io: CliIo): Promise<number> {
  const [action, ...rest] = args;
  switch (action) {
    case 'list': {
      parseCommandArgs(rest, {});
      const products = await withAdminSession(io, ({ context }) => context.get(ReservableProductService).listAll());
      io.stdout(
        textTable(
          ['PRODUCT ID', 'STOCK', 'CODE', 'NAME'],
          products.map((product) => [product.productId, product.stock ?? 'unlimited', product.code ?? '', product.name]),
        ),
      );
      return 0;
    }
    case 'define': {
      const { positionals } = parseCommandArgs(rest, {}, ['FILE']);
      const input = await checkedDefinition(ReservableProductInputDto, await readJsonDefinition(positionals[0], io), 'reservable product');
      await withAdminSession(io, ({ context }) => context.get(ReservableProductService).define(input.product_id, input.stock ?? null));
      io.stdout(`Product ${input.product_id} is reservable; stock ${input.stock ?? 'unlimited'}\n`);
      return 0;
    }
    case 'remove': {
      const { positionals } = parseCommandArgs(rest, {}, ['PRODUCT_ID']);
      const [productId] = positionals;
      const removed = await withAdminSession(io, ({ context }) => context.get(ReservableProductService).remove(productId));
      io.stdout(removed ? `Product ${productId} can no longer be reserved\n` : `Product ${productId} was not reservable\n`);
      return 0;
    }
    default:
      throw new UsageError(`Unknown reservable-product command "${action ?? ''}"`);
  }
}

/** `tessera reservation-price list|define|remove`: reservation prices, written as the price batch writes them. */
export async function reservationPriceCommand(args: string[], io: CliIo): Promise<number> {
  const [action, ...rest] = args;
  switch (action) {
    case 'list': {
      parseCommandArgs(rest, {});
      const prices = await withAdminSession(io, ({ context }) => context.get(ReservationPriceService).listAll());
      io.stdout(
        textTable(
          ['PRICE ID', 'PRODUCT ID', 'STORE ID', 'CURRENCY ID', 'VALUE'],
          prices.map(({ price }) => [price.id, price.productId, price.storeId ?? 'every store', price.currencyId, price.value]),
        ),
      );
      return 0;
    }
    case 'define': {
      const { positionals } = parseCommandArgs(rest, {}, ['FILE']);
      const json = await readJsonDefinition(positionals[0], io);
      const priceId = await withAdminSession(io, ({ context }) => context.get(ReservationPriceService).define(json));
      io.stdout(`${priceId}\n`);
      return 0;
    }
    case 'remove': {
      const { positionals } = parseCommandArgs(rest, {}, ['PRICE_ID']);
      const [priceId] = positionals;
      const removed = await withAdminSession(io, ({ context }) => context.get(ReservationPriceService).remove(priceId));
      io.stdout(removed ? `Price ${priceId} removed\n` : `No live price has the id ${priceId}\n`);
      return removed ? 0 : 1;
    }
    default:
      throw new UsageError(`Unknown reservation-price command "${action ?? ''}"`);
  }
}

/** `tessera reservation-source list|define|remove`: where reservations come from. */
export async function reservationSourceCommand(args: string[], io: CliIo): Promise<number> {
  const [action, ...rest] = args;
  switch (action) {
    case 'list': {
      parseCommandArgs(rest, {});
      const sources = await withAdminSession(io, ({ context }) => context.get(ReservationDefinitionService).listAllSources());
      io.stdout(
        textTable(
          ['SOURCE ID', 'TEXT ID', 'STATE', 'NAMES'],
          sources.map((source) => [source.id, source.textId, source.state === 1 ? 'active' : 'deleted', JSON.stringify(source.names)]),
        ),
      );
      return 0;
    }
    case 'define': {
      const { positionals } = parseCommandArgs(rest, {}, ['FILE']);
      const input = await checkedDefinition(ReservationSourceInputDto, await readJsonDefinition(positionals[0], io), 'reservation source');
      if (Object.keys(input.names).length === 0 || Object.values(input.names).some((name) => typeof name !== 'string' || name === '')) {
        throw CommonException.invalid(
          'names',
          InvalidReason.InvalidValueFormat,
          'names maps language codes to non-empty names, as {"en": "E-shop"}',
        );
      }
      const sourceId = await withAdminSession(io, ({ context }) =>
        context.get(ReservationDefinitionService).defineSource({ textId: input.text_id, names: input.names }),
      );
      io.stdout(`${sourceId}\n`);
      return 0;
    }
    case 'remove': {
      const { positionals } = parseCommandArgs(rest, {}, ['ID|TEXT_ID']);
      const [key] = positionals;
      const removed = await withAdminSession(io, ({ context }) => context.get(ReservationDefinitionService).removeSource(key));
      io.stdout(removed ? `Source ${key} removed; reservations keep it\n` : `No active source is ${key}\n`);
      return removed ? 0 : 1;
    }
    default:
      throw new UsageError(`Unknown reservation-source command "${action ?? ''}"`);
  }
}

/** `tessera reservation-list-type list|define|remove`: the kinds of external reservation codes. */
export async function reservationListTypeCommand(args: string[], io: CliIo): Promise<number> {
  const [action, ...rest] = args;
  switch (action) {
    case 'list': {
      parseCommandArgs(rest, {});
      const listTypes = await withAdminSession(io, ({ context }) => context.get(ReservationDefinitionService).listAllListTypes());
      io.stdout(
        textTable(
          ['LIST TYPE ID', 'TEXT ID', 'STATE', 'NAME'],
          listTypes.map((listType) => [listType.id, listType.textId, listType.state === 1 ? 'active' : 'deleted', listType.name]),
        ),
      );
      return 0;
    }
    case 'define': {
      const { positionals } = parseCommandArgs(rest, {}, ['FILE']);
      const input = await checkedDefinition(
        ReservationListTypeInputDto,
        await readJsonDefinition(positionals[0], io),
        'external list type',
      );
      const listTypeId = await withAdminSession(io, ({ context }) =>
        context.get(ReservationDefinitionService).defineListType({ textId: input.text_id, name: input.name }),
      );
      io.stdout(`${listTypeId}\n`);
      return 0;
    }
    case 'remove': {
      const { positionals } = parseCommandArgs(rest, {}, ['ID|TEXT_ID']);
      const [key] = positionals;
      const removed = await withAdminSession(io, ({ context }) => context.get(ReservationDefinitionService).removeListType(key));
      io.stdout(
        removed
          ? `External list type ${key} removed; codes of that type stay on their reservations\n`
          : `No active external list type is ${key}\n`,
      );
      return removed ? 0 : 1;
    }
    default:
      throw new UsageError(`Unknown reservation-list-type command "${action ?? ''}"`);
  }
}
