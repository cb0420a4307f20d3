export { RepeatingRun } from './repeating-run';
export { runFailureLog } from './run-failure-log';
