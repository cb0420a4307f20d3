export { LiveSettings } from './live-settings.service';
export { OPERATOR_SETTINGS_TABLE, readOperatorSettings, withOperatorSettings } from './operator-settings';
