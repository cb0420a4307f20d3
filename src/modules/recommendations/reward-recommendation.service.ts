import { Injectable } from '@nestjs/common';
import { Actor, Page, PageRequest, customerInScope } from '@tessera/http';
import { CustomerAccountService } from '../customers';
import { RewardListQueryDto, RewardService, RewardView } from '../loyalty';
import { rankRewards, rewardEvidence } from './engine/reward-ranking';
import { RecommendationModelService } from './recommendation-model.service';
import { RewardAffinityRepository } from './reward-affinity.repository';
import { RewardRelationService } from './reward-relation.service';

/**
 * The rewards open to a customer (active, in a segment of theirs or in none) that pass the list filters,
 * ranked by the customer's affinity once a model is trained; before that, in the reward list's order.
 */
@Injectable()
export class RewardRecommendationService {
  constructor(
    private readonly rewards: RewardService,
    private readonly customers: CustomerAccountService,
    private readonly models: RecommendationModelService,
    private readonly affinity: RewardAffinityRepository,
    private readonly relations: RewardRelationService,
  ) {}

  /** `source` says where the caller named the customer: an unknown one is a 404 in a path, a 400 in the query. */
  async recommend(
    actor: Actor,
    requestedCustomerId: string | undefined,
    source: { inPath: true } | { field: string },
    filter: RewardListQueryDto,
    page: PageRequest,
  ): Promise<Page<RewardView>> {
    const customerId = customerInScope(actor, requestedCustomerId);
    await this.customers.requireCustomer(customerId, source);
    const open = await this.rewards.openRewards(customerId, filter);
    const ranked = (await this.models.active()) ? await this.rank(customerId, open) : open.map((reward) => reward.rewardId);
    const items = await this.rewards.viewsOf(ranked.slice(page.offset, page.offset + page.limit), !filter.without_stores);
    return { items, total: open.length };
  }

  private async rank(customerId: string, open: { rewardId: string; rewardTypeId: string }[]): Promise<string[]> {
    const [relations, leaning] = await Promise.all([this.relations.all(), this.affinity.leaning(customerId)]);
    const none = { products: [], groups: [], brands: [] };
    return rankRewards(
      rewardEvidence(
        open.map((reward) => ({ ...reward, ...(relations.get(reward.rewardId) ?? none) })),
        leaning,
      ),
    );
  }
}
