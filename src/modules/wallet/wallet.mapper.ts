import { CREDIT_SCALE } from '../loyalty';
import { CreditsOverviewDto, ExpirationOverviewDto, PointsOverviewDto, SalesTurnoverDto } from './dto/wallet.dto';
import { CreditsOverview, ExpirationOverview, PointsOverview, TurnoverView } from './wallet.service';

const creditNumber = (units: bigint) => Number(units) / 10 ** CREDIT_SCALE;

export function toSalesTurnoverDto(turnover: TurnoverView[]): SalesTurnoverDto {
  return { turnover: turnover.map((entry) => ({ currency_id: entry.currencyId, value: Number(entry.value) })) };
}

export function toPointsOverviewDto(overview: PointsOverview): PointsOverviewDto {
  return {
    earned_points: Number(overview.earned),
    redeemed_points: Number(overview.redeemed),
    available_points: Number(overview.available),
    available_points_money_value: overview.moneyValue,
  };
}

export function toCreditsOverviewDto(overview: CreditsOverview): CreditsOverviewDto {
  return {
    earned_credits: creditNumber(overview.earned),
    redeemed_credits: creditNumber(overview.redeemed),
    available_credits: creditNumber(overview.available),
    split_by_currency: overview.byCurrency.map((entry) => ({
      currency_id: entry.currencyId,
      earned_credits: creditNumber(entry.earned),
      redeemed_credits: creditNumber(entry.redeemed),
      available_credits: creditNumber(entry.available),
    })),
  };
}

export function toExpirationOverviewDto(overview: ExpirationOverview): ExpirationOverviewDto {
  return {
    next_amount: Number(overview.nextAmount),
    next_date: overview.nextDate,
    current_month_amount: Number(overview.currentMonthAmount),
  };
}
