import { Admin, Resource } from 'react-admin';
import { CustomerList } from './customers/customer-list';
import { CustomerPicture } from './customers/customer-picture';
import { authProvider } from './api/auth-provider';
import { AuditList, AuditShow } from './audit/audit-pages';
import { operatorDataProvider } from './api/data-provider';
import { Dashboard } from './dashboard/dashboard';
import { i18nProvider } from './i18n/i18n-provider';
import { ConsoleLayout } from './layout/console-layout';
import { theme } from './layout/theme';
import { LoginPage } from './login/login-page';
import { UserEdit } from './users/user-pages';
import { WebhookEdit } from './webhooks/webhook-pages';
import { definitionPages } from './resources/definition-pages';
import { valueAt } from './resources/record-values';
import { RESOURCES, referenceTitle, resourceConfig } from './resources/registry';
import type { OwnPages } from './resources/resource-config';

/** The resources whose pages are their own rather than the registry's shared ones. */
const OWN_PAGES: Record<string, OwnPages> = {
  customers: { list: CustomerList, show: CustomerPicture },
  webhooks: { edit: WebhookEdit },
  users: { edit: UserEdit },
  'audit-events': { list: AuditList, show: AuditShow },
};

const dataProvider = operatorDataProvider((name) => {
  const config = resourceConfig(name);
  return {
    idField: config?.idField ?? 'id',
    searchOnly: config?.searchOnly,
    createdRecordIn: config?.createdRecordIn,
  };
});

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
          const own = OWN_PAGES[config.name];
          const canWrite = config.write !== undefined && permissions.includes(config.write);
          return (
            <Resource
              key={config.name}
              name={config.name}
              icon={config.icon}
              list={own?.list ?? pages.list}
              show={own?.show}
              create={canWrite ? (own?.create ?? pages.create) : undefined}
              edit={canWrite ? (own?.edit ?? pages.edit) : undefined}
              recordRepresentation={(record) => String(valueAt(record, config.titleField) ?? record.id)}
            />
          );
        })
      }
    </Admin>
  );
}
