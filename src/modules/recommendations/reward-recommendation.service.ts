import { Injectable } from '@nestjs/common';
import { Actor, Page, PageRequest, customerInScope } from '@tessera/http';
import { CustomerSource, customerNotFound } from '../customers';
import { RewardListQueryDto, RewardService, RewardView } from '../loyalty';
import { rankRewards, rewardEvidence } from './engine/reward-ranking';
import { RecommendationModelService } from './recommendation-model.service';
import { OpenReward, RewardAffinityRepository } from './reward-affinity.repository';
import { RewardRelationService } from './reward-relation.service';

/**
 * The rewards open to a customer (active, in a segment of theirs or in none) that pass the list filters,
 * ranked by the customer's affinity once a model is trained; before that, in the reward list's order.
 * One statement reads the customer, the open rewards and the customer's weights; the rewards' relations
 * and answers come from memory.
 */
@Injectable()
export class RewardRecommendationService {
  constructor(
    private readonly rewards: RewardService,
    private readonly models: RecommendationModelService,
    private readonly affinity: RewardAffinityRepository,
    private readonly relations: RewardRelationService,
  ) {}

  /** `source` says where the caller named the customer: an unknown one is a 404 in a path, a 400 in the query. */
  async recommend(
    actor: Actor,
    requestedCustomerId: string | undefined,
    source: CustomerSource,
    filter: RewardListQueryDto,
    page: PageRequest,
  ): Promise<Page<RewardView>> {
    const customerId = customerInScope(actor, requestedCustomerId);
    const facts = await this.affinity.read(customerId, this.rewards.openRewardsQuery(customerId, filter));
    if (!facts.customerExists) throw customerNotFound(customerId, source);
    const ranked = (await this.models.active()) ? await this.rank(facts.open, facts.weights) : facts.open.map((reward) => reward.rewardId);
    const items = await this.rewards.viewsOf(ranked.slice(page.offset, page.offset + page.limit), !filter.without_stores);
    return { items, total: facts.open.length };
  }

  private async rank(open: OpenReward[], weights: Parameters<typeof rewardEvidence>[1]): Promise<string[]> {
    const relations = await this.relations.all();
    const candidates = open.map(({ rewardId, rewardTypeId }) => {
      const related = relations.get(rewardId);
      return { rewardId, rewardTypeId, products: related?.products ?? [], groups: related?.groups ?? [], brands: related?.brands ?? [] };
    });
    return rankRewards(rewardEvidence(candidates, weights));
  }
}
