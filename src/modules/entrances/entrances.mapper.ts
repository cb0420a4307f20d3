import { formatDateTime, formatNullableDateTime } from '@tessera/http';
import { EntranceCustomerStatsDto, EntranceDto, EntranceInputDto, EntranceOverviewDto } from './dto/entrance.dto';
import { EntranceEntity } from './entities/entrance.entity';
import { EntranceChange, EntranceCustomerStats, EntranceOverview } from './entrance.service';

export function toEntranceDto(entrance: EntranceEntity, timeZone: string): EntranceDto {
  return {
    entrance_id: entrance.id,
    pos_id: entrance.posId,
    name: entrance.name,
    customer_id: entrance.customerId,
    resort_name: entrance.resortName,
    customer_category_name: entrance.customerCategoryName,
    external_order_id: entrance.externalOrderId,
    external_entrance_id: entrance.externalEntranceId,
    external_turnstile_permission_id: entrance.externalTurnstilePermissionId,
    entrance_type_id: entrance.entranceTypeId,
    order_item_id: entrance.orderItemId,
    card_id: entrance.cardId,
    created_at: formatDateTime(entrance.createdAt, timeZone),
    cancelled_at: formatNullableDateTime(entrance.cancelledAt, timeZone),
    charged_price: entrance.chargedPrice === null ? null : Number(entrance.chargedPrice),
    product_ids: entrance.productId,
    charge_date: formatNullableDateTime(entrance.chargeDate, timeZone),
    valid_from: entrance.validFrom,
    valid_to: entrance.validTo,
    last_change: formatDateTime(entrance.lastChange, timeZone),
    state: entrance.state,
  };
}

export function toEntranceOverviewDto(overview: EntranceOverview): EntranceOverviewDto {
  return {
    active_entrances: overview.active,
    canceled_entrances: overview.canceled,
    deactivated_entrances: overview.deactivated,
    sold_entrances: overview.sold,
  };
}

export function toEntranceCustomerStatsDto(stats: EntranceCustomerStats): EntranceCustomerStatsDto {
  return {
    distance: stats.distance,
    elevation: stats.elevation,
    skier_days: stats.skierDays,
    ski_achievement_text_id: stats.achievementTextId,
  };
}

/** What a PUT body writes; an omitted ticket type is cleared, as a PUT replaces the writable fields. */
export function toEntranceChange(entrance: EntranceInputDto): EntranceChange {
  return {
    entranceId: entrance.entrance_id,
    posId: entrance.pos_id,
    entranceTypeId: entrance.entrance_type_id ?? null,
    state: entrance.state,
  };
}
