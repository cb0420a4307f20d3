/** What other parts may use of the settings context: reading and changing the settings every instance on the database runs with, audited. */
export { SettingsModule } from './settings.module';
export { SettingsService, type SettingChange } from './settings.service';
