export { RepeatingRun } from './repeating-run';
