import { Body, Get, HttpCode, HttpStatus, Param, Post, Query } from '@nestjs/common';
import { ApiOkResponse, ApiOperation } from '@nestjs/swagger';
import { ListQueryDto, OperatorAccess, OperatorResource, dataEnvelope, listEnvelope, toPageRequest } from '@tessera/http';
import { AuditActor, OperatorWriter } from '../../audit';
import { CustomerCareService } from '../customer-care.service';
import { CreditAdjustmentDto, CustomerSearchQueryDto, PointAdjustmentDto } from '../dto/customer-care-request.dto';
import { PrivacyService } from '../privacy.service';

const PICTURE_EXAMPLE = {
  data: {
    profile: {
      customer_id: '8e1f2a3b4c5d6e7f8091a2b3c4d5e6f7',
      first_name: 'Jana',
      last_name: 'Nováková',
      email: 'jana@example.com',
      state: 1,
    },
    status: {
      current: { status_id: 'a1b2c3d4e5f60718293a4b5c6d7e8f90', name: 'Silver', tier: 2, valid_from: '2026-03-01' },
      next: null,
      progress: [],
    },
    cards: [{ card_id: 'f0e1d2c3b4a5968778695a4b3c2d1e0f', card_number: '2000000012345', card_type_id: 'b1', state: 1 }],
    point_balances: [{ point_type_id: 'p1', available_points: 2742, nearest_expiration: { valid_to: '2027-01-31', points: 300 } }],
    credit_balances: [],
    active_vouchers: [],
    last_purchases: [],
    segments: [{ segment_id: 's1', name: 'Coffee lovers' }],
    consents: [],
    recent_events: [],
    recent_messages: [],
  },
};

/** Customer care: find a customer, see them whole, and correct what needs a person (audited, with a reason). */
@OperatorResource('customers')
export class CustomerCareController {
  constructor(
    private readonly care: CustomerCareService,
    private readonly privacy: PrivacyService,
  ) {}

  @Get()
  @OperatorAccess('customers:read')
  @ApiOperation({
    summary: 'Find customers',
    description:
      'By e-mail, phone, card number, external id, customer id, or the start of a first or last name (any case, accents ignored).',
  })
  @ApiOkResponse({
    schema: {
      example: {
        data: {
          customers: [
            {
              customer_id: '8e1f2a3b4c5d6e7f8091a2b3c4d5e6f7',
              first_name: 'Jana',
              last_name: 'Nováková',
              email: 'jana@example.com',
              state: 1,
              matched_card_numbers: [],
            },
          ],
        },
      },
    },
  })
  async search(@Query() query: CustomerSearchQueryDto) {
    return dataEnvelope({ customers: await this.care.search({ text: query.q, limit: query.limit }) });
  }

  @Get(':customer_id')
  @OperatorAccess('customers:read')
  @ApiOperation({
    summary: "A customer's whole picture",
    description:
      'Profile, status and progress to the next, cards, balances with their nearest expiry, active vouchers, the last purchases, segments, consents, recent events and messages, in one answer.',
  })
  @ApiOkResponse({ schema: { example: PICTURE_EXAMPLE } })
  async picture(@Param('customer_id') customerId: string) {
    return dataEnvelope(await this.care.picture(customerId));
  }

  @Get(':customer_id/status-history')
  @OperatorAccess('customers:read')
  @ApiOperation({
    summary: "A customer's status history",
    description:
      'Every change of the status, latest first: from and to (absent for none), when, and why: purchase, cancellation, points (gained outside a purchase), period_end (the record ended and its grace passed) or manual (set by hand).',
  })
  @ApiOkResponse({
    schema: {
      example: {
        data: {
          status_changes: [
            {
              status_change_id: '5d4c3b2a1f0e9d8c7b6a5f4e3d2c1b0a',
              from_status_id: 'a1b2c3d4e5f60718293a4b5c6d7e8f90',
              from_status_name: 'Basic',
              to_status_id: 'b2c3d4e5f60718293a4b5c6d7e8f90a1',
              to_status_name: 'Silver',
              reason: 'purchase',
              status_record_id: 'c3d4e5f60718293a4b5c6d7e8f90a1b2',
              changed_at: '2026-11-27T16:30:00.000Z',
            },
          ],
          total_items: 1,
        },
      },
    },
  })
  async statusHistory(@Param('customer_id') customerId: string, @Query() query: ListQueryDto) {
    return listEnvelope('status_changes', await this.care.statusHistory(customerId, toPageRequest(query, [])), (change) => change);
  }

  @Post(':customer_id/actions/adjust-points')
  @HttpCode(HttpStatus.OK)
  @OperatorAccess('customers:write')
  @ApiOperation({
    summary: 'Adjust points',
    description: 'Adds or takes points with a reason; taking more than the customer has answers 400.',
  })
  @ApiOkResponse({
    schema: {
      example: {
        data: {
          point_id: '9a8b7c6d5e4f30211a2b3c4d5e6f7081',
          customer_id: '8e1f2a3b4c5d6e7f8091a2b3c4d5e6f7',
          points: 250,
          reason: 'Goodwill',
        },
      },
    },
  })
  async adjustPoints(@OperatorWriter() actor: AuditActor, @Param('customer_id') customerId: string, @Body() body: PointAdjustmentDto) {
    return dataEnvelope(
      await this.care.adjustPoints(actor, { customerId, points: body.points, reason: body.reason, pointTypeId: body.point_type_id }),
    );
  }

  @Post(':customer_id/actions/adjust-credits')
  @HttpCode(HttpStatus.OK)
  @OperatorAccess('customers:write')
  @ApiOperation({
    summary: 'Adjust credits',
    description: 'Deposits or takes credits with a reason; taking more than the customer has answers 400.',
  })
  @ApiOkResponse({
    schema: {
      example: {
        data: {
          credit_id: '0a1b2c3d4e5f60718293a4b5c6d7e8f9',
          customer_id: '8e1f2a3b4c5d6e7f8091a2b3c4d5e6f7',
          credits: -10,
          reason: 'Refund',
        },
      },
    },
  })
  async adjustCredits(@OperatorWriter() actor: AuditActor, @Param('customer_id') customerId: string, @Body() body: CreditAdjustmentDto) {
    return dataEnvelope(
      await this.care.adjustCredits(actor, {
        customerId,
        credits: body.credits,
        reason: body.reason,
        creditTypeId: body.credit_type_id,
        currencyId: body.currency_id,
      }),
    );
  }

  @Post(':customer_id/actions/resend-password-setup')
  @HttpCode(HttpStatus.OK)
  @OperatorAccess('customers:write')
  @ApiOperation({
    summary: 'Resend the password setup e-mail',
    description: "A new link to the customer's e-mail address, within the hourly link limit.",
  })
  @ApiOkResponse({ schema: { example: { data: { customer_id: '8e1f2a3b4c5d6e7f8091a2b3c4d5e6f7', sent: true } } } })
  async resendPasswordSetup(@OperatorWriter() actor: AuditActor, @Param('customer_id') customerId: string) {
    return dataEnvelope(await this.care.resendPasswordSetup(actor, customerId));
  }

  @Post(':customer_id/actions/export-personal-data')
  @HttpCode(HttpStatus.OK)
  @OperatorAccess('privacy:write')
  @ApiOperation({
    summary: 'Export everything held about a customer',
    description: 'The right of access: every record that names the customer, table by table, in one JSON document. Who took it is audited.',
  })
  @ApiOkResponse({
    schema: {
      example: {
        data: { customer_id: '8e1f2a3b4c5d6e7f8091a2b3c4d5e6f7', exported_at: '2026-11-27T16:30:00.000Z', tables: { customers: [{}] } },
      },
    },
  })
  async exportPersonalData(@OperatorWriter() actor: AuditActor, @Param('customer_id') customerId: string) {
    return dataEnvelope(await this.privacy.export(actor, customerId));
  }

  @Post(':customer_id/actions/erase')
  @HttpCode(HttpStatus.OK)
  @OperatorAccess('privacy:write')
  @ApiOperation({
    summary: 'Erase a customer',
    description:
      'The right to erasure: personal data removed or replaced, logins and tokens ended, webhooks told; ledgers and purchase totals stay, without identity. Cannot be undone.',
  })
  @ApiOkResponse({
    schema: { example: { data: { customer_id: '8e1f2a3b4c5d6e7f8091a2b3c4d5e6f7', erased_at: '2026-11-27T16:30:00.000Z' } } },
  })
  async erase(@OperatorWriter() actor: AuditActor, @Param('customer_id') customerId: string) {
    return dataEnvelope(await this.privacy.erase(actor, customerId));
  }
}
