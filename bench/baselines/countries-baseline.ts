import { Baseline } from '../bench-suite';
import { measureFixedBody } from './fixed-body-server';

const NAME = 'baseline countries-json: bare Fastify, GET /countries?count=100 body';

/** Bare Fastify returning the list the app answers to `GET /countries?count=100`, so countries rows compare at the same size. */
export const countriesBaseline: Baseline = {
  name: NAME,
  async measure({ api, auth }) {
    const response = await fetch(`${api}/countries?count=100`, { headers: auth });
    const body = await response.text();
    if (response.status !== 200) throw new Error(`GET /countries?count=100 answered ${response.status} ${body}`);
    return measureFixedBody(NAME, JSON.parse(body) as object);
  },
};
