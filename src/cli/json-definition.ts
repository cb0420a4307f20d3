import { readFile } from 'node:fs/promises';
import { text as readStream } from 'node:stream/consumers';
import { ClassConstructor, plainToInstance } from 'class-transformer';
import { validate } from 'class-validator';
import { CommonException, toInvalidParams } from '@tessera/http';
import { CliIo, UsageError } from './cli-io';

/** The JSON of a `define FILE|-` command: the file, or standard input for `-`. */
export async function readJsonDefinition(file: string, io: CliIo): Promise<unknown> {
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

/**
 * A definition checked against its DTO, every problem named by its field (under `prefix`); unknown
 * fields are refused, as typos would otherwise pass silently.
 */
export async function checkedDefinition<T extends object>(
  type: ClassConstructor<T>,
  json: unknown,
  what: string,
  prefix?: string,
): Promise<T> {
  if (typeof json !== 'object' || json === null || Array.isArray(json)) throw new Error(`The ${what} definition must be a JSON object`);
  const input = plainToInstance(type, json);
  const errors = await validate(input, { whitelist: true, forbidNonWhitelisted: true, forbidUnknownValues: true });
  if (errors.length > 0) throw CommonException.invalidParams(toInvalidParams(errors, prefix));
  return input;
}
