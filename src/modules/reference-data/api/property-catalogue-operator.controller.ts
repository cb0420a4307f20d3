import { Body, Get, HttpCode, HttpStatus, Inject, Param, Post, Put, Query, Type } from '@nestjs/common';
import { ApiCreatedResponse, ApiOkResponse, ApiOperation } from '@nestjs/swagger';
import { DefinitionListQueryDto, OperatorAccess, OperatorResource, dataEnvelope, listEnvelope, toPageRequest } from '@tessera/http';
import { AuditActor, DefinitionLifecycle, OperatorWriter } from '../../audit';
import {
  PropertyCatalogueDefinitionDto,
  PropertyCatalogueDefinitionResponseDto,
  propertyCatalogueListResponseDto,
} from '../dto/property-catalogue-definition.dto';
import { PropertyCatalogueDefinitionRepository } from '../property-catalogue-definition.repository';

/** One property catalogue on the operator API. */
export interface PropertyCatalogueResource {
  /** The path under the operator API (`partner-properties`); the list's key is its snake_case. */
  resource: string;
  /** `partner property`. */
  noun: string;
  /** Who holds the values (`partners`). */
  holders: string;
  store: Type<PropertyCatalogueDefinitionRepository>;
}

/**
 * The operator API of one property catalogue: every catalogue has the same lifecycle, so each
 * context's controller is this one over its own repository.
 */
export function propertyCatalogueOperatorController({ resource, noun, holders, store }: PropertyCatalogueResource): Type {
  const listKey = resource.replace(/-/g, '_');
  const ListResponse = propertyCatalogueListResponseDto(listKey);

  @OperatorResource(resource)
  class PropertyCatalogueOperatorController {
    constructor(
      private readonly lifecycle: DefinitionLifecycle,
      @Inject(store) private readonly properties: PropertyCatalogueDefinitionRepository,
    ) {}

    @Get()
    @OperatorAccess('definitions:read')
    @ApiOperation({
      summary: `${capitalised(noun)} definitions`,
      description: `Active and deactivated, by property id, with their active items.`,
    })
    @ApiOkResponse({ type: ListResponse })
    async list(@Query() query: DefinitionListQueryDto) {
      return listEnvelope(listKey, await this.properties.list(query, toPageRequest(query, [])), (property) => property);
    }

    @Get(':property_id')
    @OperatorAccess('definitions:read')
    @ApiOperation({ summary: `One ${noun}`, description: 'By its property id, in any state. 404 when none has it.' })
    @ApiOkResponse({ type: PropertyCatalogueDefinitionResponseDto })
    async show(@Param('property_id') key: string) {
      return dataEnvelope(await this.lifecycle.show(this.properties, key));
    }

    @Post()
    @OperatorAccess('definitions:write')
    @ApiOperation({
      summary: `Create a ${noun}`,
      description: `A property id no other ${noun} has, a name, a data type, and items exactly for enum and multiselect.`,
    })
    @ApiCreatedResponse({ type: PropertyCatalogueDefinitionResponseDto })
    async create(@OperatorWriter() actor: AuditActor, @Body() body: PropertyCatalogueDefinitionDto) {
      return dataEnvelope(await this.lifecycle.create(actor, this.properties, body));
    }

    @Put(':property_id')
    @OperatorAccess('definitions:write')
    @ApiOperation({
      summary: `Change a ${noun}`,
      description: `Replaces the whole definition; items left out are deactivated, the id stays, and the data type changes only while no record of ${holders} has a value.`,
    })
    @ApiOkResponse({ type: PropertyCatalogueDefinitionResponseDto })
    async change(@OperatorWriter() actor: AuditActor, @Param('property_id') key: string, @Body() body: PropertyCatalogueDefinitionDto) {
      return dataEnvelope(await this.lifecycle.change(actor, this.properties, key, body));
    }

    @Post(':property_id/actions/deactivate')
    @HttpCode(HttpStatus.OK)
    @OperatorAccess('definitions:write')
    @ApiOperation({
      summary: `Deactivate a ${noun}`,
      description: `State 0: ${holders} can no longer be given a value of it; the values they have stay, and the API shows it as removed.`,
    })
    @ApiOkResponse({ type: PropertyCatalogueDefinitionResponseDto })
    async deactivate(@OperatorWriter() actor: AuditActor, @Param('property_id') key: string) {
      return dataEnvelope(await this.lifecycle.setState(actor, this.properties, key, 0));
    }

    @Post(':property_id/actions/activate')
    @HttpCode(HttpStatus.OK)
    @OperatorAccess('definitions:write')
    @ApiOperation({ summary: `Activate a ${noun}`, description: 'State 1 again.' })
    @ApiOkResponse({ type: PropertyCatalogueDefinitionResponseDto })
    async activate(@OperatorWriter() actor: AuditActor, @Param('property_id') key: string) {
      return dataEnvelope(await this.lifecycle.setState(actor, this.properties, key, 1));
    }
  }

  const pascal = resource.replace(/(^|-)([a-z])/g, (_match, _separator, letter: string) => letter.toUpperCase());
  Object.defineProperty(PropertyCatalogueOperatorController, 'name', { value: `${pascal}OperatorController` });
  return PropertyCatalogueOperatorController;
}

function capitalised(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}
