import { Inject, Injectable } from '@nestjs/common';
import { EntityManager } from 'typeorm';
import { CommonException, InvalidReason, optionalRequestDateTime } from '@tessera/http';
import { AppConfig } from '../../../config/app-config';
import { APP_CONFIG } from '../../../config/app-config.module';
import { ProductService } from '../../catalogue';
import { CurrencyService } from '../../reference-data';
import { PurchaseItemTypeEntity } from '../definitions/entities/purchase-definitions.entity';
import { PurchaseItemTypeService } from '../definitions/purchase-item-type.service';
import { BillDto } from '../dto/purchase-closure.dto';
import { PurchaseReason, PurchasesException } from '../purchases.exceptions';
import { CartLine, toCents } from '../rules/cart-evaluation';
import { Cart } from './closure.model';

/** The bill's lines checked and resolved to item types and products: one statement for the products of all lines. */
@Injectable()
export class CartStep {
  constructor(
    private readonly currencies: CurrencyService,
    private readonly itemTypes: PurchaseItemTypeService,
    private readonly products: ProductService,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  /** With `learn`, lines of unknown products create them (a booking); a calculation leaves them without one. */
  async run(bill: BillDto, learn: boolean, m: EntityManager): Promise<Cart> {
    const paymentTime = optionalRequestDateTime(bill.payment_time, 'payment_time', this.config.timeZone) as Date;
    const currency = await this.currencies.requireCurrency(bill.currency_id, 'bill.currency_id');
    checkLines(bill);
    const types = await this.itemTypes.byIds([...new Set(bill.bill_items.map((item) => item.purchase_item_type_id))]);
    const itemTypes = bill.bill_items.map((item, index) => {
      const type = types.get(item.purchase_item_type_id);
      if (!type)
        throw CommonException.invalid(
          `bill.bill_items.${index}.purchase_item_type_id`,
          InvalidReason.NotFound,
          'No purchase item type has this id',
          item.purchase_item_type_id,
        );
      return type;
    });
    const products = await this.products.billProducts(
      bill.bill_items.map((item) => ({ pluIds: item.plu_ids, name: item.plu_name, category: item.category_plu_id })),
      learn,
      m,
    );
    const lines = bill.bill_items.map((item, index) =>
      cartLine(
        item.bill_item_id as string,
        products[index]?.productId ?? null,
        products[index]?.productGroupId ?? null,
        products[index]?.productBrandId ?? null,
        item.quantity,
        toCents(item.paid_amount),
        toCents(item.price),
        item.loyalty_off,
        itemTypes[index],
      ),
    );
    return { paymentTime, currencyId: currency.id, totalCents: toCents(bill.total_price), lines, products, itemTypes };
  }
}

/** Refuses a bill whose lines lack or repeat an id, cost less than was paid, or have no quantity. */
function checkLines(bill: BillDto): void {
  const seen = new Set<string>();
  for (const [index, item] of bill.bill_items.entries()) {
    if (item.bill_item_id === undefined || item.bill_item_id === '') {
      throw CommonException.invalid('bill_item_id', InvalidReason.Required, `bill item ${index} has no bill_item_id`);
    }
    if (seen.has(item.bill_item_id))
      throw CommonException.invalid(
        'bill_item_id',
        InvalidReason.AlreadyExists,
        'Two bill items have this bill_item_id',
        item.bill_item_id,
      );
    seen.add(item.bill_item_id);
    if (item.price < item.paid_amount) {
      throw PurchasesException.refused(
        'bill_item_id',
        PurchaseReason.ItemPriceLowerThanPaidAmount,
        'The item price is lower than the amount paid for it',
        item.bill_item_id,
      );
    }
    if (item.quantity <= 0)
      throw CommonException.invalid(
        `bill.bill_items.${index}.quantity`,
        InvalidReason.NotAllowedValue,
        'The quantity must be above zero',
        item.quantity,
      );
    if (item.paid_amount < 0)
      throw CommonException.invalid(
        `bill.bill_items.${index}.paid_amount`,
        InvalidReason.NotAllowedValue,
        'The paid amount cannot be negative',
        item.paid_amount,
      );
  }
}

/** A bill line as the cart rules see it. */
export function cartLine(
  billItemId: string,
  productId: string | null,
  groupId: string | null,
  brandId: string | null,
  quantity: number,
  paidCents: number,
  priceCents: number,
  loyaltyOff: boolean,
  type: PurchaseItemTypeEntity,
): CartLine {
  return {
    billItemId,
    productId,
    productGroupId: groupId,
    productBrandId: brandId,
    quantity,
    paidCents,
    priceCents,
    loyaltyOff,
    type: { collectsPoints: type.collectsPoints, rewardsApply: type.rewardsApply, payableByPoints: type.payableByPoints },
  };
}
