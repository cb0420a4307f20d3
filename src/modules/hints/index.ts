/** What other contexts and the admin CLI may use of hints: defining, removing and assigning them. */
export { HintsModule } from './hints.module';
export { HintService, type HintDefinition, type HintOverview } from './hint.service';
export { HintState } from './entities/hint.entity';
