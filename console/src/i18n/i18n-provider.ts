import polyglotI18nProvider from 'ra-i18n-polyglot';
import { en } from './en';

const catalogues = { en };

export const i18nProvider = polyglotI18nProvider((locale) => catalogues[locale as keyof typeof catalogues] ?? en, 'en', [
  { locale: 'en', name: 'English' },
]);
