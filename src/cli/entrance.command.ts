import { Type } from 'class-transformer';
import {
  ArrayMaxSize,
  IsArray,
  IsDefined,
  IsIn,
  IsNotEmpty,
  IsNumber,
  IsOptional,
  IsString,
  MaxLength,
  Min,
  ValidateNested,
} from 'class-validator';
import { CommonException, IsCalendarDate, optionalRequestDateTime } from '@tessera/http';
import { ENTRANCE_POS_IDS, ENTRANCE_TYPE_IDS, EntranceEntity, EntranceImport, EntranceService, EntranceState } from '../modules/entrances';
import { AppConfig } from '../config/app-config';
import { APP_CONFIG } from '../config/app-config.module';
import { withAdminSession } from './admin-session';
import { CliIo } from './cli-io';
import { cliCommand, DefinitionFile, JsonOption } from './cli-command';
import { defineAction, showAction } from './command-actions';
import { formatRows } from './text-table';

/** The name last, as it may hold spaces. */
const ENTRANCE_COLUMNS = ['ENTRANCE ID', 'STATE', 'POS', 'VALID FROM', 'VALID TO', 'CUSTOMER', 'NAME'];

class EntranceUsageInputDto {
  @IsDefined() @IsCalendarDate() date!: string;
  @IsOptional() @IsNumber() @Min(0) distance?: number;
  @IsOptional() @IsNumber() @Min(0) elevation?: number;
  @IsOptional() @IsString() @IsNotEmpty() ski_achievement_text_id?: string;
}

/** An entrance as its point-of-sale system hands it over, with the API's field names. */
class EntranceImportInputDto {
  @IsDefined() @IsString() @IsNotEmpty() @MaxLength(64) entrance_id!: string;
  @IsDefined() @IsIn(ENTRANCE_POS_IDS) pos_id!: number;
  @IsDefined() @IsString() @IsNotEmpty() card_id!: string;
  @IsOptional() @IsString() name?: string;
  @IsOptional() @IsString() resort_name?: string;
  @IsOptional() @IsString() customer_category_name?: string;
  @IsOptional() @IsString() external_order_id?: string;
  @IsOptional() @IsString() external_entrance_id?: string;
  @IsOptional() @IsString() external_turnstile_permission_id?: string;
  @IsOptional() @IsIn(ENTRANCE_TYPE_IDS) entrance_type_id?: number;
  @IsOptional() @IsString() order_item_id?: string;
  @IsOptional() @IsString() product_ids?: string;
  @IsOptional() @IsNumber() charged_price?: number;
  @IsOptional() @IsString() charge_date?: string;
  @IsOptional() @IsCalendarDate() valid_from?: string;
  @IsOptional() @IsCalendarDate() valid_to?: string;
  @IsOptional() @IsIn([EntranceState.Cancelled, EntranceState.Active]) state?: EntranceState;
  @IsOptional() @IsString() created_at?: string;
  @IsOptional() @IsString() cancelled_at?: string;
  @IsOptional()
  @IsArray()
  @ArrayMaxSize(10000)
  @ValidateNested({ each: true })
  @Type(() => EntranceUsageInputDto)
  usages?: EntranceUsageInputDto[];
}

class EntranceImportFileDto {
  @IsDefined()
  @IsArray()
  @ArrayMaxSize(100000)
  @ValidateNested({ each: true })
  @Type(() => EntranceImportInputDto)
  entrances!: EntranceImportInputDto[];
}

const ENTRANCE_IMPORT_FILE: DefinitionFile<EntranceImportFileDto> = {
  type: EntranceImportFileDto,
  what: 'entrance import',
  example: {
    entrances: [
      {
        entrance_id: 'POS-2025-000123',
        pos_id: 3,
        card_id: 'CARD_ID',
        name: 'Day pass',
        valid_from: '2025-01-10',
        valid_to: '2025-01-10',
        usages: [{ date: '2025-01-10', distance: 42.5, elevation: 3100 }],
      },
    ],
  },
};

/** `tessera entrance import|list|remove`: charged entrances, which the API reads and partly updates. */
export const entranceCommand = cliCommand(
  {
    import: defineAction(ENTRANCE_IMPORT_FILE, async (input, io) => {
      const outcome = await withAdminSession(io, ({ context }) => {
        const timeZone = context.get<AppConfig>(APP_CONFIG).timeZone;
        const entrances = input.entrances.map((entrance, index) => toImport(entrance, `entrances.${index}`, timeZone));
        return context.get(EntranceService).import(entrances);
      });
      return `${outcome.created} entrance${outcome.created === 1 ? '' : 's'} created, ${outcome.updated} updated`;
    }),
    list: listEntrances,
    show: showAction(ENTRANCE_COLUMNS, async (context) => (await context.get(EntranceService).listAll()).map(entranceRow)),
    remove: async ([entranceId], _options, io) => {
      const removed = await withAdminSession(io, ({ context }) => context.get(EntranceService).remove(entranceId));
      if (!removed) throw CommonException.recordNotFound('entrances', entranceId);
      io.stdout(`Entrance ${entranceId} removed with its usage days\n`);
      return 0;
    },
  },
  ENTRANCE_IMPORT_FILE,
);

/** `entrance list [--customer ID] [--json]`. */
async function listEntrances(_args: string[], options: JsonOption & { customer?: string }, io: CliIo): Promise<number> {
  const entrances = await withAdminSession(io, ({ context }) => context.get(EntranceService).listAll(options.customer));
  io.stdout(formatRows(ENTRANCE_COLUMNS, entrances.map(entranceRow), options.json, io.terminalColumns));
  return 0;
}

function toImport(input: EntranceImportInputDto, prefix: string, timeZone: string): EntranceImport {
  const dateTime = (field: 'charge_date' | 'created_at' | 'cancelled_at') =>
    optionalRequestDateTime(input[field], `${prefix}.${field}`, timeZone) ?? undefined;
  return {
    entranceId: input.entrance_id,
    posId: input.pos_id,
    cardId: input.card_id,
    name: input.name,
    resortName: input.resort_name,
    customerCategoryName: input.customer_category_name,
    externalOrderId: input.external_order_id,
    externalEntranceId: input.external_entrance_id,
    externalTurnstilePermissionId: input.external_turnstile_permission_id,
    entranceTypeId: input.entrance_type_id,
    orderItemId: input.order_item_id,
    productId: input.product_ids,
    chargedPrice: input.charged_price,
    chargeDate: dateTime('charge_date'),
    validFrom: input.valid_from,
    validTo: input.valid_to,
    state: input.state ?? EntranceState.Active,
    createdAt: dateTime('created_at'),
    cancelledAt: dateTime('cancelled_at'),
    usages: input.usages?.map((usage) => ({
      date: usage.date,
      distance: usage.distance ?? 0,
      elevation: usage.elevation ?? 0,
      achievementTextId: usage.ski_achievement_text_id,
    })),
  };
}

function entranceRow(entrance: EntranceEntity): string[] {
  return [
    entrance.id,
    entrance.state === EntranceState.Active ? 'active' : 'cancelled',
    String(entrance.posId),
    entrance.validFrom ?? '-',
    entrance.validTo ?? '-',
    entrance.customerId ?? '-',
    entrance.name ?? '',
  ];
}
