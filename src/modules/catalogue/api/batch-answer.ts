import type { FastifyReply } from 'fastify';
import { dataEnvelope } from '../../../../libs/http/src';
import { RecordFailure } from '../batch/batch-records';

/** 204 when every record was written; otherwise 200 with the failed records (decision 22, mode 2). */
export function batchAnswer(failures: RecordFailure[], reply: FastifyReply): { data: { errors: RecordFailure[] } } | undefined {
  if (failures.length === 0) return undefined;
  void reply.status(200);
  return dataEnvelope({ errors: failures });
}
