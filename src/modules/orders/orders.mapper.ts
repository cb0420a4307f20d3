import { formatDateTime, formatNullableDateTime } from '@tessera/http';
import { OrderDto, OrderPersonalInformationDto } from './dto/order-response.dto';
import { OrderView } from './order.service';

export function toOrderDto({ order, items }: OrderView, timeZone: string): OrderDto {
  return {
    order_id: order.id,
    order_number: order.orderNumber,
    customer_id: order.customerId,
    currency_id: order.currencyId,
    total_price: Number(order.totalPrice),
    discount_codes: order.discountCodes,
    order_items: items.map((item) => ({
      order_item_id: item.id,
      product_variant_id: item.productVariantId,
      customer_id: item.customerId,
      amount: Number(item.amount),
      unit_price: Number(item.unitPrice),
      vat_rate: Number(item.vatRate),
    })),
    invoicing_data: {
      payment_id: order.paymentTypeId,
      paid_date: formatNullableDateTime(order.paidAt, timeZone),
      personal_information: order.invoicingPerson as OrderPersonalInformationDto | null,
    },
    shipping_data: order.shipping,
    customer_note: order.customerNote,
    order_status: order.orderStatus,
    shipping_date: order.shippingDate,
    program_ranking: order.programRanking,
    // Payment is read from the invoicing data: an order with a payment day is paid.
    payment_status: order.paidAt ? 'paid' : 'unpaid',
    invoice_document_url: order.invoiceDocumentUrl,
    last_change: formatDateTime(order.lastChange, timeZone),
  };
}
