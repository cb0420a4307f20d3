import { readFile } from 'node:fs/promises';
import { text as readStream } from 'node:stream/consumers';
import { plainToInstance } from 'class-transformer';
import { ArrayMaxSize, IsArray, IsDefined, IsIn, IsNotEmpty, IsOptional, IsString, IsUrl, validate } from 'class-validator';
import { CommonException, toInvalidParams } from '@tessera/http';
import { HintDefinition, HintOverview, HintService, HintState } from '../modules/hints';
import { withAdminSession } from './admin-session';
import { CliIo, parseCommandArgs, UsageError } from './cli-args';
import { textTable } from './text-table';

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

/** `tessera hint list|define|remove|assign|unassign`: hints, which the API serves read-only as recommendations. */
export async function hintCommand(args: string[], io: CliIo): Promise<number> {
  const [action, ...rest] = args;
  switch (action) {
    case 'list': {
      parseCommandArgs(rest, {});
      const hints = await withAdminSession(io, ({ context }) => context.get(HintService).listAll());
      io.stdout(textTable(HINT_COLUMNS, hints.map(hintRow)));
      return 0;
    }
    case 'define': {
      const { positionals } = parseCommandArgs(rest, {}, ['FILE']);
      const input = await checkedInput(await readDefinition(positionals[0], io));
      const definition = toDefinition(input);
      const hintId = input.recommendation_id;
      if (hintId === undefined) {
        const created = await withAdminSession(io, ({ context }) => context.get(HintService).create(definition));
        io.stdout(`${created}\n`);
      } else {
        await withAdminSession(io, ({ context }) => context.get(HintService).update(hintId, definition));
        io.stdout(`Hint ${hintId} updated\n`);
      }
      return 0;
    }
    case 'remove': {
      const { positionals } = parseCommandArgs(rest, {}, ['ID']);
      const [hintId] = positionals;
      const removed = await withAdminSession(io, ({ context }) => context.get(HintService).remove(hintId));
      io.stdout(removed ? `Hint ${hintId} removed; its assignments are kept\n` : `Hint ${hintId} was removed already\n`);
      return 0;
    }
    case 'assign': {
      const [hintId, customerIds] = hintAndCustomers(rest);
      const outcome = await withAdminSession(io, ({ context }) => context.get(HintService).assign(hintId, customerIds));
      const already = outcome.alreadyAssigned > 0 ? ` (${customers(outcome.alreadyAssigned)} had it already)` : '';
      io.stdout(`Hint ${hintId} assigned to ${customers(outcome.assigned)}${already}\n`);
      return 0;
    }
    case 'unassign': {
      const [hintId, customerIds] = hintAndCustomers(rest);
      const outcome = await withAdminSession(io, ({ context }) => context.get(HintService).unassign(hintId, customerIds));
      const notAssigned = outcome.notAssigned.length > 0 ? ` (not assigned to ${outcome.notAssigned.join(', ')})` : '';
      io.stdout(`Hint ${hintId} unassigned from ${customers(outcome.unassigned)}${notAssigned}\n`);
      return 0;
    }
    default:
      throw new UsageError(`Unknown hint command "${action ?? ''}"`);
  }
}

/** `HINT_ID CUSTOMER_ID...`: options are refused, as everything after the hint is a customer id. */
function hintAndCustomers(args: string[]): [string, string[]] {
  const option = args.find((arg) => arg.startsWith('-'));
  if (option !== undefined) throw new UsageError(`Unknown option "${option}"`);
  const [hintId, ...customerIds] = args;
  if (hintId === undefined || customerIds.length === 0) throw new UsageError('Expected HINT_ID CUSTOMER_ID...');
  return [hintId, customerIds];
}

async function readDefinition(file: string, io: CliIo): Promise<unknown> {
  let content: string;
  try {
    content = file === '-' ? await (io.stdin ? io.stdin() : readStream(process.stdin)) : await readFile(file, 'utf8');
  } catch (error) {
    throw new UsageError(`Cannot read ${file}: ${(error as Error).message}`, false);
  }
  try {
    return JSON.parse(content);
  } catch (error) {
    throw new Error(`${file === '-' ? 'standard input' : file} is not valid JSON: ${(error as Error).message}`, { cause: error });
  }
}

/** Every problem named by its field; unknown fields (read-only ones included) are refused, as typos would otherwise pass silently. */
async function checkedInput(json: unknown): Promise<HintDefinitionInputDto> {
  if (typeof json !== 'object' || json === null || Array.isArray(json)) throw new Error('The hint definition must be a JSON object');
  const input = plainToInstance(HintDefinitionInputDto, json);
  const errors = await validate(input, { whitelist: true, forbidNonWhitelisted: true, forbidUnknownValues: true });
  if (errors.length > 0) throw CommonException.invalidParams(toInvalidParams(errors));
  return input;
}

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
