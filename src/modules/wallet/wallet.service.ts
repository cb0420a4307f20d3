import { Inject, Injectable } from '@nestjs/common';
import { Actor, CommonException, customerInScope, InvalidReason } from '@tessera/http';
import { AppConfig } from '../../config/app-config';
import { APP_CONFIG } from '../../config/app-config.module';
import { customerNotFound } from '../customers';
import { CREDIT_SCALE, CreditTypeService, LoyaltyRuleService, payerAllowed, PointTypeService, unitsOf } from '../loyalty';
import { CurrencyService, StatusService } from '../reference-data';
import { CreditsOverviewQueryDto, WalletIntervalQueryDto, WalletQueryDto } from './dto/wallet.dto';
import { endOfMonth, Interval, pointsMoneyValue, ValueCurrency, walletInterval } from './rules/wallet-rules';
import { WalletRepository } from './wallet.repository';

/** A figure in the ledger's smallest units. */
type Units = bigint;

export interface TurnoverView {
  currencyId: string;
  value: string;
}

export interface PointsOverview {
  earned: string;
  redeemed: string;
  available: string;
  moneyValue: { currency_id: string; value: number }[];
}

export interface CreditSums {
  earned: Units;
  redeemed: Units;
  available: Units;
}

export interface CreditsOverview extends CreditSums {
  byCurrency: (CreditSums & { currencyId: string })[];
}

export interface ExpirationOverview {
  nextAmount: string;
  nextDate: string | null;
  currentMonthAmount: string;
}

/**
 * The customer's wallet: turnover, points and credits earned and redeemed in an interval, what can be
 * spent now, and what expires soon. Each answer is one statement; definitions (point and credit types,
 * loyalty rules, statuses, currencies) come from memory.
 */
@Injectable()
export class WalletService {
  constructor(
    private readonly wallet: WalletRepository,
    private readonly pointTypes: PointTypeService,
    private readonly creditTypes: CreditTypeService,
    private readonly rules: LoyaltyRuleService,
    private readonly statuses: StatusService,
    private readonly currencies: CurrencyService,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  async turnover(actor: Actor, query: WalletIntervalQueryDto): Promise<TurnoverView[]> {
    const customerId = customerInScope(actor, query.customer_id);
    const row = await this.wallet.turnover(customerId, this.interval(query));
    requireCustomer(row.customer_exists, customerId);
    return row.turnover.map((entry) => ({ currencyId: entry.currency_id, value: entry.value }));
  }

  async points(actor: Actor, query: WalletIntervalQueryDto): Promise<PointsOverview> {
    const customerId = customerInScope(actor, query.customer_id);
    const pointTypeId = await this.pointTypes.resolve(undefined, 'customer_id');
    const row = await this.wallet.points(customerId, pointTypeId, this.interval(query));
    requireCustomer(row.customer_exists, customerId);
    return { earned: row.earned, redeemed: row.redeemed, available: row.available, moneyValue: await this.moneyValue(row) };
  }

  async credits(actor: Actor, query: CreditsOverviewQueryDto): Promise<CreditsOverview> {
    const customerId = customerInScope(actor, query.customer_id);
    const typeIds = [...(query.credit_type_id ?? []), ...(query.credit_type_id_brackets ?? [])];
    for (const typeId of typeIds) await this.creditTypes.resolve(typeId, 'credit_type_id');
    const row = await this.wallet.credits(customerId, typeIds.length > 0 ? typeIds : null, this.interval(query));
    requireCustomer(row.customer_exists, customerId);
    const byCurrency = row.currencies.map((entry) => ({
      currencyId: entry.currency_id,
      earned: units(entry.earned, CREDIT_SCALE),
      redeemed: units(entry.redeemed, CREDIT_SCALE),
      available: units(entry.available, CREDIT_SCALE),
    }));
    const sum = (pick: (sums: CreditSums) => Units) => byCurrency.reduce((total, entry) => total + pick(entry), 0n);
    return { earned: sum((s) => s.earned), redeemed: sum((s) => s.redeemed), available: sum((s) => s.available), byCurrency };
  }

  async pointsExpiration(actor: Actor, query: WalletQueryDto): Promise<ExpirationOverview> {
    const customerId = customerInScope(actor, query.customer_id);
    const pointTypeId = await this.pointTypes.resolve(undefined, 'customer_id');
    const row = await this.wallet.pointsExpiration(
      customerId,
      pointTypeId,
      this.config.timeZone,
      endOfMonth(new Date(), this.config.timeZone),
    );
    requireCustomer(row.customer_exists, customerId);
    return { nextAmount: row.next_amount, nextDate: row.next_date, currentMonthAmount: row.current_month_amount };
  }

  async creditsExpiration(actor: Actor, query: WalletQueryDto): Promise<ExpirationOverview> {
    const customerId = customerInScope(actor, query.customer_id);
    const row = await this.wallet.creditsExpiration(customerId, this.config.timeZone, endOfMonth(new Date(), this.config.timeZone));
    requireCustomer(row.customer_exists, customerId);
    return { nextAmount: row.next_amount, nextDate: row.next_date, currentMonthAmount: row.current_month_amount };
  }

  private interval(query: WalletIntervalQueryDto): Interval {
    if (query.date_from !== undefined && query.date_to !== undefined && query.date_from > query.date_to) {
      throw CommonException.invalid('date_to', InvalidReason.NotAllowedValue, 'date_to is before date_from', query.date_to);
    }
    return walletInterval(query.date_from, query.date_to, this.config.timeZone);
  }

  /**
   * What the spendable points are worth in each currency the project values points in, when the
   * customer may pay with points as the purchase closure decides it (the payer rule and the status's
   * point payment right); otherwise nothing.
   */
  private async moneyValue(row: { status_id: string | null; available: string }): Promise<{ currency_id: string; value: number }[]> {
    const rules = await this.rules.projectRules();
    const status = row.status_id === null ? null : await this.statuses.get(row.status_id);
    if (!payerAllowed(rules.pointsPayers, status?.textId ?? null) || status?.paymentPoints === false) return [];
    const currencies: ValueCurrency[] = [];
    for (const code of rules.pointValueCurrencies) {
      const currency = await this.currencies.findByCode(code);
      if (currency) currencies.push(currency);
    }
    return pointsMoneyValue(Number(row.available), rules.pointValue, currencies);
  }
}

function requireCustomer(exists: boolean, customerId: string): void {
  if (!exists) throw customerNotFound(customerId, { field: 'customer_id' });
}

function units(text: string, scale: number): Units {
  return unitsOf(text, scale) ?? 0n;
}
