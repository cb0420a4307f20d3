import { IsDefined, IsNotEmpty, IsNumber, IsObject, IsOptional, IsString, Matches, Max, Min, ValidateIf } from 'class-validator';
import { CommonException, InvalidReason, TEXT_ID_PATTERN, TEXT_ID_RULE } from '@tessera/http';
import { ReservableProductService, ReservationDefinitionService, ReservationPriceService } from '../modules/product-reservations';
import { withAdminSession } from './admin-session';
import { cliCommand, DefinitionFile } from './cli-command';
import { defineAction, listAndShow, removeAction } from './command-actions';
import { readJsonDefinition } from './json-definition';

/** Readable keys of sources and list types, as the seeded `e_shop` or `cash_desk`. */
const TEXT_ID_MESSAGE = { message: `text_id: ${TEXT_ID_RULE}` };

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
  @IsDefined() @IsString() @Matches(TEXT_ID_PATTERN, TEXT_ID_MESSAGE) text_id!: string;
  /** The name per language code, as `{"en": "E-shop"}`. */
  @IsDefined() @IsObject() names!: Record<string, string>;
}

class ReservationListTypeInputDto {
  @IsDefined() @IsString() @Matches(TEXT_ID_PATTERN, TEXT_ID_MESSAGE) text_id!: string;
  @IsDefined() @IsString() @IsNotEmpty() name!: string;
}

const RESERVABLE_PRODUCT_FILE: DefinitionFile<ReservableProductInputDto> = {
  type: ReservableProductInputDto,
  what: 'reservable product',
  example: { product_id: 'PRODUCT_ID', stock: 25 },
};

/** `tessera reservable-product list|define|remove`: which products can be reserved, and their stock. */
export const reservableProductCommand = cliCommand(
  {
    ...listAndShow(['PRODUCT ID', 'STOCK', 'CODE', 'NAME'], async (context) =>
      (await context.get(ReservableProductService).listAll()).map((product) => [
        product.productId,
        product.stock ?? 'unlimited',
        product.code ?? '',
        product.name,
      ]),
    ),
    define: defineAction(RESERVABLE_PRODUCT_FILE, async (input, io) => {
      await withAdminSession(io, ({ context }) => context.get(ReservableProductService).define(input.product_id, input.stock ?? null));
      return `Product ${input.product_id} is reservable; stock ${input.stock ?? 'unlimited'}`;
    }),
    remove: removeAction((context, productId) => context.get(ReservableProductService).remove(productId), {
      removed: (productId) => `Product ${productId} can no longer be reserved`,
      notRemoved: (productId) => `Product ${productId} was not reservable`,
    }),
  },
  RESERVABLE_PRODUCT_FILE,
);

/** `tessera reservation-price list|define|remove`: reservation prices, written as the price batch writes them. */
export const reservationPriceCommand = cliCommand({
  ...listAndShow(['PRICE ID', 'PRODUCT ID', 'STORE ID', 'CURRENCY ID', 'VALUE'], async (context) =>
    (await context.get(ReservationPriceService).listAll()).map(({ price }) => [
      price.id,
      price.productId,
      price.storeId ?? 'every store',
      price.currencyId,
      price.value,
    ]),
  ),
  // The service checks the record itself, as the price batch does.
  define: async ([file], _options, io) => {
    const json = await readJsonDefinition(file, io);
    const priceId = await withAdminSession(io, ({ context }) => context.get(ReservationPriceService).define(json));
    io.stdout(`${priceId}\n`);
    return 0;
  },
  remove: removeAction((context, priceId) => context.get(ReservationPriceService).remove(priceId), {
    removed: (priceId) => `Price ${priceId} removed`,
    notRemoved: (priceId) => `No live price has the id ${priceId}`,
    notRemovedFails: true,
  }),
});

const RESERVATION_SOURCE_FILE: DefinitionFile<ReservationSourceInputDto> = {
  type: ReservationSourceInputDto,
  what: 'reservation source',
  example: { text_id: 'call_centre', names: { en: 'Call centre' } },
};

/** `tessera reservation-source list|define|remove`: where reservations come from. */
export const reservationSourceCommand = cliCommand(
  {
    ...listAndShow(['SOURCE ID', 'TEXT ID', 'STATE', 'NAMES'], async (context) =>
      (await context.get(ReservationDefinitionService).listAllSources()).map((source) => [
        source.id,
        source.textId,
        source.state === 1 ? 'active' : 'deleted',
        JSON.stringify(source.names),
      ]),
    ),
    define: defineAction(RESERVATION_SOURCE_FILE, async (input, io) => {
      if (Object.keys(input.names).length === 0 || Object.values(input.names).some((name) => typeof name !== 'string' || name === '')) {
        throw CommonException.invalid(
          'names',
          InvalidReason.InvalidValueFormat,
          'names maps language codes to non-empty names, as {"en": "E-shop"}',
        );
      }
      return withAdminSession(io, ({ context }) =>
        context.get(ReservationDefinitionService).defineSource({ textId: input.text_id, names: input.names }),
      );
    }),
    remove: removeAction((context, key) => context.get(ReservationDefinitionService).removeSource(key), {
      removed: (key) => `Source ${key} removed; reservations keep it`,
      notRemoved: (key) => `No active source is ${key}`,
      notRemovedFails: true,
    }),
  },
  RESERVATION_SOURCE_FILE,
);

const RESERVATION_LIST_TYPE_FILE: DefinitionFile<ReservationListTypeInputDto> = {
  type: ReservationListTypeInputDto,
  what: 'external list type',
  example: { text_id: 'ski_pass', name: 'Ski pass' },
};

/** `tessera reservation-list-type list|define|remove`: the kinds of external reservation codes. */
export const reservationListTypeCommand = cliCommand(
  {
    ...listAndShow(['LIST TYPE ID', 'TEXT ID', 'STATE', 'NAME'], async (context) =>
      (await context.get(ReservationDefinitionService).listAllListTypes()).map((listType) => [
        listType.id,
        listType.textId,
        listType.state === 1 ? 'active' : 'deleted',
        listType.name,
      ]),
    ),
    define: defineAction(RESERVATION_LIST_TYPE_FILE, (input, io) =>
      withAdminSession(io, ({ context }) =>
        context.get(ReservationDefinitionService).defineListType({ textId: input.text_id, name: input.name }),
      ),
    ),
    remove: removeAction((context, key) => context.get(ReservationDefinitionService).removeListType(key), {
      removed: (key) => `External list type ${key} removed; codes of that type stay on their reservations`,
      notRemoved: (key) => `No active external list type is ${key}`,
      notRemovedFails: true,
    }),
  },
  RESERVATION_LIST_TYPE_FILE,
);
