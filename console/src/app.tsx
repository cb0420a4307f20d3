import { Admin, Resource } from 'react-admin';
import { authProvider } from './api/auth-provider';
import { operatorDataProvider } from './api/data-provider';
import { Dashboard } from './dashboard/dashboard';
import { i18nProvider } from './i18n/i18n-provider';
import { ConsoleLayout } from './layout/console-layout';
import { theme } from './layout/theme';
import { LoginPage } from './login/login-page';
import { definitionPages, valueAt } from './resources/definition-pages';
import { RESOURCES, referenceTitle, resourceConfig } from './resources/registry';

const dataProvider = operatorDataProvider((name) => ({
  idField: resourceConfig(name)?.idField ?? 'id',
  searchOnly: resourceConfig(name)?.searchOnly,
}));

/** The console: one resource per operator API resource the signed-in operator's roles may read. */
export function App() {
  return (
    <Admin
      title="console.title"
      dataProvider={dataProvider}
      authProvider={authProvider}
      i18nProvider={i18nProvider}
      loginPage={LoginPage}
      layout={ConsoleLayout}
      dashboard={Dashboard}
      theme={theme}
      requireAuth
      disableTelemetry
    >
      {(permissions: string[]) =>
        RESOURCES.filter((config) => permissions.includes(config.read)).map((config) => {
          const pages = definitionPages(config, referenceTitle);
          const canWrite = config.write !== undefined && permissions.includes(config.write);
          return (
            <Resource
              key={config.name}
              name={config.name}
              icon={config.icon}
              list={config.pages?.list ?? pages.list}
              show={config.pages?.show}
              create={canWrite ? (config.pages?.create ?? pages.create) : undefined}
              edit={canWrite ? (config.pages?.edit ?? pages.edit) : undefined}
              recordRepresentation={(record) => String(valueAt(record, config.titleField) ?? record.id)}
            />
          );
        })
      }
    </Admin>
  );
}
