/** What other parts may use of orders: the service, for the admin CLI's status moves and webhooks' copies of orders. */
export { OrdersModule } from './orders.module';
export { OrderService, type OrderMoveOutcome } from './order.service';
export { ORDER_STATUSES, ORDER_STATUS_MOVES, type OrderStatus } from './order-status';
export { toOrderDto } from './orders.mapper';
