import { ArrayMaxSize, IsArray, IsDefined, IsIn, IsNotEmpty, IsOptional, IsString, IsUrl } from 'class-validator';
import { HintDefinition, HintOverview, HintService, HintState } from '../modules/hints';
import { withAdminSession } from './admin-session';
import { cliCommand, DefinitionFile } from './cli-command';
import { defineAction, listAndShow, removeAction } from './command-actions';

/** The name last, as it may hold spaces. */
const HINT_COLUMNS = ['RECOMMENDATION ID', 'STATE', 'CUSTOMERS', 'NAME'];
const STATE_NAMES: Record<HintState, string> = {
  [HintState.Deleted]: 'deleted',
  [HintState.Active]: 'active',
  [HintState.Inactive]: 'inactive',
};
const HTTP_URL = { require_protocol: true, protocols: ['http', 'https'] };

/** A hint as the operator writes it, with the API's field names; `state` 0 is `tessera hint remove`. */
class HintDefinitionInputDto {
  @IsOptional() @IsString() @IsNotEmpty() recommendation_id?: string;
  @IsDefined() @IsString() @IsNotEmpty() name!: string;
  @IsOptional() @IsString() brief_description?: string;
  @IsOptional() @IsString() detailed_description?: string;
  @IsOptional() @IsString() content?: string;
  @IsOptional() @IsArray() @ArrayMaxSize(100) @IsUrl(HTTP_URL, { each: true }) picture_urls?: string[];
  @IsOptional() @IsUrl(HTTP_URL) web_url?: string;
  @IsOptional() @IsIn([HintState.Active, HintState.Inactive]) state?: HintState.Active | HintState.Inactive;
}

const HINT_FILE: DefinitionFile<HintDefinitionInputDto> = {
  type: HintDefinitionInputDto,
  what: 'hint',
  example: { name: 'Try our winter menu', brief_description: 'Hot drinks are back', web_url: 'https://shop.example.com/winter', state: 1 },
};

/** `tessera hint list|define|remove|assign|unassign`: hints, which the API serves read-only as recommendations. */
export const hintCommand = cliCommand(
  {
    ...listAndShow(HINT_COLUMNS, async (context) => (await context.get(HintService).listAll()).map(hintRow)),
    define: defineAction(HINT_FILE, async (input, io) => {
      const definition = toDefinition(input);
      const hintId = input.recommendation_id;
      if (hintId === undefined) return withAdminSession(io, ({ context }) => context.get(HintService).create(definition));
      await withAdminSession(io, ({ context }) => context.get(HintService).update(hintId, definition));
      return `Hint ${hintId} updated`;
    }),
    remove: removeAction((context, hintId) => context.get(HintService).remove(hintId), {
      removed: (hintId) => `Hint ${hintId} removed; its assignments are kept`,
      notRemoved: (hintId) => `Hint ${hintId} was removed already`,
    }),
    assign: async ([hintId, ...customerIds], _options, io) => {
      const outcome = await withAdminSession(io, ({ context }) => context.get(HintService).assign(hintId, customerIds));
      const already = outcome.alreadyAssigned > 0 ? ` (${customers(outcome.alreadyAssigned)} had it already)` : '';
      io.stdout(`Hint ${hintId} assigned to ${customers(outcome.assigned)}${already}\n`);
      return 0;
    },
    unassign: async ([hintId, ...customerIds], _options, io) => {
      const outcome = await withAdminSession(io, ({ context }) => context.get(HintService).unassign(hintId, customerIds));
      const notAssigned = outcome.notAssigned.length > 0 ? ` (not assigned to ${outcome.notAssigned.join(', ')})` : '';
      io.stdout(`Hint ${hintId} unassigned from ${customers(outcome.unassigned)}${notAssigned}\n`);
      return 0;
    },
  },
  HINT_FILE,
);

function toDefinition(input: HintDefinitionInputDto): HintDefinition {
  return {
    name: input.name,
    briefDescription: input.brief_description,
    detailedDescription: input.detailed_description,
    content: input.content,
    pictureUrls: input.picture_urls,
    webUrl: input.web_url,
    state: input.state,
  };
}

function customers(count: number): string {
  return `${count} customer${count === 1 ? '' : 's'}`;
}

function hintRow({ hint, customers: count }: HintOverview): string[] {
  return [hint.id, STATE_NAMES[hint.state], String(count), hint.name];
}
