import { BenchSuite } from '../bench-suite';
import { catalogueSuite } from './catalogue.bench';
import { platformSuite } from './platform.bench';

/** Every suite, run in this order. */
export const BENCH_SUITES: BenchSuite[] = [platformSuite, catalogueSuite];
