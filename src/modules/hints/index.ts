/** What other contexts and the admin CLI may use of hints: reading them, and defining and assigning them as the operator. */
export { HintsModule } from './hints.module';
export { HintService } from './hint.service';
export { HintState } from './entities/hint.entity';
export { HintDefinitionRepository } from './hint-definition.repository';
export { HintAssignmentService } from './hint-assignment.service';
export { HintDefinitionDto, HintDefinitionViewDto as HintDefinitionView } from './dto/hint-definition.dto';
