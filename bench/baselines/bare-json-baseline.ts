import { Baseline } from '../bench-suite';
import { measureFixedBody } from './fixed-body-server';

const NAME = 'baseline bare-json: bare Fastify, tiny JSON';

/** The generic baseline: bare Fastify answering a tiny fixed JSON body. */
export const bareJsonBaseline: Baseline = {
  name: NAME,
  measure: () => measureFixedBody(NAME, { data: { country_id: 'CZ', name: 'Czechia' } }),
};
