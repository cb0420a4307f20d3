import { BookingTicketService } from '../../src/modules/bookings';
import { TestApp, TestResponse } from '../support/test-app';

const CAPACITY = 5;
const REQUESTS = 50;

describe('Bookings under concurrency (HTTP)', () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await TestApp.create();
  });

  afterAll(() => t.close());

  it(`${REQUESTS} concurrent bookings of a slot of capacity ${CAPACITY}: exactly ${CAPACITY} succeed, and cancelling frees one place`, async () => {
    const token = await t.enterpriseToken();
    const customers = await Promise.all(Array.from({ length: 5 }, () => t.createCustomer()));
    const { id: ticketId } = await t.service(BookingTicketService).define({
      names: { en: 'Race room' },
      properties: [],
      slots: [{ validFrom: '2030-05-01 10:00:00', validTo: '2030-05-01 11:00:00', totalCapacity: CAPACITY }],
    });
    const [{ time_slot_id: slotId }] = await t.dataSource.query(`SELECT time_slot_id FROM booking_time_slots WHERE ticket_id = $1`, [
      ticketId,
    ]);
    const book = (index: number): Promise<TestResponse> =>
      t.enterprise('POST', '/bookings', {
        token,
        body: {
          booking: {
            customer_id: customers[index % customers.length].customerId,
            created_at: '2030-04-01 08:00:00',
            booking_items: [{ time_slot_id: slotId }],
          },
        },
      });
    const responses = await Promise.all(Array.from({ length: REQUESTS }, (_, index) => book(index)));
    const succeeded = responses.filter((response) => response.status === 201);
    const refused = responses.filter((response) => response.status !== 201);
    expect(succeeded).toHaveLength(CAPACITY);
    // Every refusal is a clean "no capacity left", never a 500 or a deadlock.
    for (const response of refused) {
      expect({ status: response.status, params: response.body.error.error_data.invalid_params }).toEqual({
        status: 400,
        params: [expect.objectContaining({ name: 'booking.booking_items.0.capacity_taken', reason: 'not_allowed_value' })],
      });
    }
    const [state] = await t.dataSource.query(
      `SELECT s.taken, (SELECT count(*)::int FROM booking_items i WHERE i.time_slot_id = s.time_slot_id) AS items,
              (SELECT count(*)::int FROM bookings) AS bookings
         FROM booking_time_slots s WHERE s.time_slot_id = $1`,
      [slotId],
    );
    expect(state).toEqual({ taken: CAPACITY, items: CAPACITY, bookings: CAPACITY });

    // Cancelling one booking frees its place for exactly one of the next concurrent attempts.
    const [{ booking_status_id: cancelled }] = await t.dataSource.query(
      `SELECT booking_status_id FROM booking_statuses WHERE text_id = 'cancelled'`,
    );
    const cancelledId = succeeded[0].body.data.booking_id;
    const [{ customer_id: owner }] = await t.dataSource.query(`SELECT customer_id FROM bookings WHERE booking_id = $1`, [cancelledId]);
    const cancel = await t.enterprise('PUT', `/bookings/${cancelledId}`, {
      token,
      body: { booking: { customer_id: owner, booking_status: cancelled } },
    });
    expect(cancel.status).toBe(204);
    const second = await Promise.all(Array.from({ length: 10 }, (_, index) => book(index)));
    expect(second.filter((response) => response.status === 201)).toHaveLength(1);
    const [{ taken }] = await t.dataSource.query(`SELECT taken FROM booking_time_slots WHERE time_slot_id = $1`, [slotId]);
    expect(taken).toBe(CAPACITY);
  });
});
