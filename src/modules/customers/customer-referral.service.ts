import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { EntityManager, Repository } from 'typeorm';
import { newId, readableCode } from '@tessera/core';
import { ApiInterface, CommonException, InvalidReason, Page } from '@tessera/http';
import { CustomerAccountService } from './customer-account.service';
import { CustomerMilestoneHooks } from './customer-milestone.hooks';
import { ReferralCampaignEntity } from './entities/customer-definitions.entity';
import { CustomerReferralEntity, CustomerRelationEntity } from './entities/customer-records.entity';

const ACTIVE = 1;
const CODE_LENGTH = 8;

export interface ReferralFilter {
  is_valid?: boolean;
  referral_campaign_id?: string;
  referral_code?: string;
}

/** Whose code brought a new customer, and under which campaign's relation type. */
export interface Referrer {
  customerId: string;
  relationTypeId: string;
}

const VALID_CODE = `r.state = ${ACTIVE} AND (r.valid_to IS NULL OR r.valid_to > now()) AND c.state = ${ACTIVE}`;

/** Referral codes: one per customer per campaign, handed out on first request. */
@Injectable()
export class CustomerReferralService {
  constructor(
    @InjectRepository(CustomerReferralEntity) private readonly referrals: Repository<CustomerReferralEntity>,
    @InjectRepository(ReferralCampaignEntity) private readonly campaigns: Repository<ReferralCampaignEntity>,
    private readonly accounts: CustomerAccountService,
    private readonly milestones: CustomerMilestoneHooks,
  ) {}

  /**
   * The customer's codes of one campaign (the default campaign unless named). The customer's code of
   * an active campaign is created on first request. An unknown or foreign `referral_code` gives an empty list.
   */
  async list(customerId: string, filter: ReferralFilter): Promise<Page<CustomerReferralEntity>> {
    await this.accounts.requireCustomer(customerId, { inPath: true });
    const campaign = filter.referral_campaign_id
      ? await this.campaigns.findOne({ where: { id: filter.referral_campaign_id } })
      : await this.campaigns.findOne({ where: { isDefault: true } });
    if (!campaign) {
      if (filter.referral_campaign_id) {
        throw CommonException.invalid(
          'referral_campaign_id',
          InvalidReason.NotFound,
          'No referral campaign has this id',
          filter.referral_campaign_id,
        );
      }
      return { items: [], total: 0 };
    }
    if (campaign.state === ACTIVE) await this.ensureCode(customerId, campaign);
    const query = this.referrals
      .createQueryBuilder('r')
      .innerJoin(ReferralCampaignEntity, 'c', 'c.referral_campaign_id = r.referral_campaign_id')
      .where('r.customer_id = :customerId AND r.referral_campaign_id = :campaignId', { customerId, campaignId: campaign.id });
    query.andWhere(filter.is_valid === false ? `NOT (${VALID_CODE})` : VALID_CODE);
    if (filter.referral_code !== undefined) query.andWhere('r.code = :code', { code: filter.referral_code.toUpperCase() });
    const [items, total] = await query.orderBy('r.id').getManyAndCount();
    return { items, total };
  }

  /** Whether a code exists, is active, unexpired and of an active campaign. Never creates codes. */
  async isValidCode(code: string): Promise<boolean> {
    return (await this.findValid(code)) !== null;
  }

  async requireValidCode(code: string, field: string): Promise<Referrer> {
    const referrer = await this.findValid(code);
    if (!referrer) throw CommonException.invalid(field, InvalidReason.NotFound, 'No valid referral code matches', code);
    return referrer;
  }

  /**
   * Relates the referred customer to the code's holder, who leads the relation; `createdOn` is the
   * registration's interface. The relation is confirmed at once: handing out the code was the holder's consent.
   * Both sides reach the referral milestone, once each: a customer is referred only when made.
   */
  async relateReferred(referrer: Referrer, referredCustomerId: string, createdOn: ApiInterface, manager: EntityManager): Promise<void> {
    await manager.insert(CustomerRelationEntity, {
      id: newId(),
      customerId: referrer.customerId,
      relatedCustomerId: referredCustomerId,
      customerRelationTypeId: referrer.relationTypeId,
      isLeading: true,
      createdOnInterface: createdOn,
      confirmedAt: () => 'now()',
    });
    const referral = { kind: 'referral' as const, referrerId: referrer.customerId, referredId: referredCustomerId };
    await this.milestones.reached({ ...referral, customerId: referrer.customerId }, manager);
    await this.milestones.reached({ ...referral, customerId: referredCustomerId }, manager);
  }

  private async findValid(code: string): Promise<Referrer | null> {
    const row = await this.referrals
      .createQueryBuilder('r')
      .innerJoin(ReferralCampaignEntity, 'c', 'c.referral_campaign_id = r.referral_campaign_id')
      .innerJoin('customers', 'holder', `holder.customer_id = r.customer_id AND holder.state = ${ACTIVE}`)
      .select(['r.customer_id AS customer_id', 'c.customer_relation_type_id AS relation_type_id'])
      .where('r.code = :code', { code: code.toUpperCase() })
      .andWhere(VALID_CODE)
      .getRawOne<{ customer_id: string; relation_type_id: string }>();
    return row ? { customerId: row.customer_id, relationTypeId: row.relation_type_id } : null;
  }

  private async ensureCode(customerId: string, campaign: ReferralCampaignEntity): Promise<void> {
    const validTo = campaign.codeValidityDays ? new Date(Date.now() + campaign.codeValidityDays * 86_400_000) : null;
    // A clash of random codes is retried; the per-campaign uniqueness makes concurrent first requests harmless.
    for (let attempt = 0; attempt < 5; attempt += 1) {
      const code = readableCode(CODE_LENGTH);
      const inserted = await this.referrals.query<{ referral_id: string }[]>(
        `INSERT INTO customer_referrals (referral_id, code, customer_id, referral_campaign_id, valid_to)
         VALUES ($1, $2, $3, $4, $5) ON CONFLICT DO NOTHING RETURNING referral_id`,
        [newId(), code, customerId, campaign.id, validTo],
      );
      if (inserted.length > 0) return;
      if (await this.referrals.exists({ where: { customerId, referralCampaignId: campaign.id } })) return;
    }
    throw new Error('Could not allot a unique referral code');
  }
}
