/** What other parts may use of charged entrances: the service, for the admin CLI's import and webhooks' copies of entrances. */
export { EntrancesModule } from './entrances.module';
export { EntranceService, type EntranceImport, type EntranceImportOutcome } from './entrance.service';
export { EntranceState, ENTRANCE_POS_IDS, ENTRANCE_TYPE_IDS } from './entities/entrance.entity';
export type { EntranceEntity } from './entities/entrance.entity';
export { toEntranceDto } from './entrances.mapper';
