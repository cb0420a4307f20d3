import { Body, Get, HttpCode, HttpStatus, Param, Post, Put, Query } from '@nestjs/common';
import { ApiCreatedResponse, ApiOkResponse, ApiOperation } from '@nestjs/swagger';
import { DefinitionListQueryDto, OperatorAccess, OperatorResource, dataEnvelope, listEnvelope, toPageRequest } from '@tessera/http';
import { AuditActor, DefinitionLifecycle, OperatorWriter } from '../../audit';
import { CampaignProductDefinitionRepository } from '../campaign-product-definition.repository';
import {
  CampaignProductDefinitionDto,
  CampaignProductDefinitionListResponseDto,
  CampaignProductDefinitionResponseDto,
} from '../dto/campaign-product-definition.dto';

@OperatorResource('campaign-products')
export class CampaignProductsOperatorController {
  constructor(
    private readonly lifecycle: DefinitionLifecycle,
    private readonly campaignProducts: CampaignProductDefinitionRepository,
  ) {}

  @Get()
  @OperatorAccess('definitions:read')
  @ApiOperation({
    summary: 'Campaign products',
    description: 'Active and blocked, by campaign and name, each with its stores; `q` searches presentation names.',
  })
  @ApiOkResponse({ type: CampaignProductDefinitionListResponseDto })
  async list(@Query() query: DefinitionListQueryDto) {
    return listEnvelope('campaign_products', await this.campaignProducts.list(query, toPageRequest(query, [])), (product) => product);
  }

  @Get(':campaign_product_id')
  @OperatorAccess('definitions:read')
  @ApiOperation({ summary: 'One campaign product', description: 'By id, whatever its state, with its stores. 404 when none has it.' })
  @ApiOkResponse({ type: CampaignProductDefinitionResponseDto })
  async show(@Param('campaign_product_id') key: string) {
    return dataEnvelope(await this.lifecycle.show(this.campaignProducts, key));
  }

  @Post()
  @OperatorAccess('definitions:write')
  @ApiOperation({
    summary: 'Create a campaign product',
    description:
      'An offer of a campaign that is not deactivated, with the stores it applies in (none: every store). The currency may be named by its code, the customer type by its text id and the stores by their codes.',
  })
  @ApiCreatedResponse({ type: CampaignProductDefinitionResponseDto })
  async create(@OperatorWriter() actor: AuditActor, @Body() body: CampaignProductDefinitionDto) {
    return dataEnvelope(await this.lifecycle.create(actor, this.campaignProducts, body));
  }

  @Put(':campaign_product_id')
  @OperatorAccess('definitions:write')
  @ApiOperation({
    summary: 'Change a campaign product',
    description:
      'Replaces the whole campaign product and its stores: a store left out no longer applies, the records of stores kept stay. A blocked one stays blocked.',
  })
  @ApiOkResponse({ type: CampaignProductDefinitionResponseDto })
  async change(@OperatorWriter() actor: AuditActor, @Param('campaign_product_id') key: string, @Body() body: CampaignProductDefinitionDto) {
    return dataEnvelope(await this.lifecycle.change(actor, this.campaignProducts, key, body));
  }

  @Post(':campaign_product_id/actions/deactivate')
  @HttpCode(HttpStatus.OK)
  @OperatorAccess('definitions:write')
  @ApiOperation({
    summary: 'Block a campaign product',
    description: 'State 0: customers no longer see it; it and its stores are kept.',
  })
  @ApiOkResponse({ type: CampaignProductDefinitionResponseDto })
  async deactivate(@OperatorWriter() actor: AuditActor, @Param('campaign_product_id') key: string) {
    return dataEnvelope(await this.lifecycle.setState(actor, this.campaignProducts, key, 0));
  }

  @Post(':campaign_product_id/actions/activate')
  @HttpCode(HttpStatus.OK)
  @OperatorAccess('definitions:write')
  @ApiOperation({ summary: 'Activate a campaign product', description: 'State 1 again.' })
  @ApiOkResponse({ type: CampaignProductDefinitionResponseDto })
  async activate(@OperatorWriter() actor: AuditActor, @Param('campaign_product_id') key: string) {
    return dataEnvelope(await this.lifecycle.setState(actor, this.campaignProducts, key, 1));
  }
}
