/** What other parts may use of the settings context: reading and changing this server's settings, audited. */
export { SettingsModule } from './settings.module';
export { SettingsService, type SettingChange } from './settings.service';
