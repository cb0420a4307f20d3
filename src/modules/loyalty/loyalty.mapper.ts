import { formatDateTime, formatNullableDateTime } from '@tessera/http';
import { CardProfile } from './card.repository';
import { CardDto, CardTypeDto } from './dto/card.dto';
import { CreditDto, CreditHistoryRecordDto, CreditTypeDto } from './dto/credits.dto';
import { PointReservationDto } from './dto/point-reservations.dto';
import { PointDto, PointHistoryRecordDto, PointTypeDto } from './dto/points.dto';
import { CardTypeEntity } from './entities/card-type.entity';
import { CreditHistoryEntity } from './entities/credit-history.entity';
import { CreditTypeEntity } from './entities/credit-type.entity';
import { CreditEntity } from './entities/credit.entity';
import { PointHistoryEntity } from './entities/point-history.entity';
import { PointTypeEntity } from './entities/point-type.entity';
import { PointEntity } from './entities/point.entity';
import { PointReservationView } from './point-reservation.service';

const ACTIVE = 1;
const NON_ACTIVE = 2;

/** A record past its `valid_to` reads as non active even before a deduction writes its remainder off. */
function ledgerState(state: number, validTo: Date | null): number {
  return state === ACTIVE && validTo !== null && validTo.getTime() <= Date.now() ? NON_ACTIVE : state;
}

export function toCardDto(card: CardProfile, timeZone: string): CardDto {
  return {
    card_id: card.id,
    customer_id: card.customerId,
    card_type_id: card.cardTypeId,
    card_number: card.cardNumber,
    secondary_card_number: card.secondaryCardNumber,
    valid_from: formatNullableDateTime(card.validFrom, timeZone),
    valid_to: formatNullableDateTime(card.validTo, timeZone),
    store_id: card.storeId,
    last_change: formatDateTime(card.lastChange, timeZone),
    state: card.state,
  };
}

export function toCardTypeDto(type: CardTypeEntity): CardTypeDto {
  return { card_type_id: type.id, text_id: type.textId, name: type.name, prefix: type.prefix };
}

export function toPointDto(point: PointEntity, timeZone: string): PointDto {
  return {
    point_id: point.id,
    customer_id: point.customerId,
    assigned_points: Number(point.assignedPoints),
    available_points: Number(point.availablePoints),
    point_type_id: point.pointTypeId,
    partner_id: point.partnerId,
    valid_to: formatNullableDateTime(point.validTo, timeZone),
    state: ledgerState(point.state, point.validTo),
    created_at: formatDateTime(point.createdAt, timeZone),
    note: point.note,
  };
}

export function toPointHistoryRecordDto(record: PointHistoryEntity, timeZone: string): PointHistoryRecordDto {
  return {
    customer_id: record.customerId,
    point_amount: Number(record.pointAmount),
    point_operation_type: record.operationType,
    point_operation_note: record.operationNote,
    point_type_id: record.pointTypeId,
    partner_id: record.partnerId,
    store_id: record.storeId,
    point_history_record_time: formatDateTime(record.recordedAt, timeZone),
    extended_data: record.extendedData ? JSON.stringify(record.extendedData) : null,
  };
}

export function toPointTypeDto(type: PointTypeEntity, timeZone: string): PointTypeDto {
  return { point_type_id: type.id, name: type.name, last_change: formatDateTime(type.lastChange, timeZone) };
}

export function toCreditDto(credit: CreditEntity, timeZone: string): CreditDto {
  return {
    credit_id: credit.id,
    customer_id: credit.customerId,
    assigned_credits: Number(credit.assignedCredits),
    available_credits: Number(credit.availableCredits),
    credit_type_id: credit.creditTypeId,
    partner_id: credit.partnerId,
    valid_to: formatNullableDateTime(credit.validTo, timeZone),
    currency_id: credit.currencyId,
    state: ledgerState(credit.state, credit.validTo),
    note: credit.note,
  };
}

export function toCreditHistoryRecordDto(record: CreditHistoryEntity, timeZone: string): CreditHistoryRecordDto {
  return {
    customer_id: record.customerId,
    amount: Number(record.amount),
    credit_operation_type: record.operationType,
    credit_operation_note: record.operationNote,
    partner_id: record.partnerId,
    currency_id: record.currencyId,
    store_id: record.storeId,
    credit_history_record_time: formatDateTime(record.recordedAt, timeZone),
  };
}

export function toCreditTypeDto(type: CreditTypeEntity, timeZone: string): CreditTypeDto {
  return { credit_type_id: type.id, name: type.name, last_change: formatDateTime(type.lastChange, timeZone) };
}

export function toPointReservationDto(reservation: PointReservationView, timeZone: string): PointReservationDto {
  return {
    points_reservation_id: reservation.point_reservation_id,
    customer_id: reservation.customer_id,
    external_id: reservation.external_id,
    quantity: Number(reservation.quantity),
    state: reservation.state,
    expiration: formatNullableDateTime(reservation.expiration, timeZone),
  };
}
