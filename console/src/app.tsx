import { lazy } from 'react';
import type { ComponentType } from 'react';
import { Admin, Resource } from 'react-admin';
import { authProvider } from './api/auth-provider';
import { operatorDataProvider } from './api/data-provider';
import { Dashboard } from './dashboard/dashboard';
import { i18nProvider } from './i18n/i18n-provider';
import { ConsoleLayout } from './layout/console-layout';
import { theme } from './layout/theme';
import { LoginPage } from './login/login-page';
import { valueAt } from './resources/record-values';
import { RESOURCES, referenceTitle, resourceConfig } from './resources/registry';
import { offersCreate, offersEdit } from './resources/resource-config';
import type { OwnPages, ResourceConfig } from './resources/resource-config';

/**
 * A page whose code the browser fetches on the first visit to it: the sign-in page and the dashboard
 * load without the lists' and forms' code, which most of a session never needs all of.
 */
function onFirstVisit(load: () => Promise<ComponentType>): ComponentType {
  return lazy(async () => ({ default: await load() }));
}

/** The resources whose pages are their own rather than the registry's shared ones. */
const OWN_PAGES: Record<string, OwnPages> = {
  customers: {
    list: onFirstVisit(async () => (await import('./customers/customer-list')).CustomerList),
    show: onFirstVisit(async () => (await import('./customers/customer-picture')).CustomerPicture),
  },
  webhooks: { edit: onFirstVisit(async () => (await import('./webhooks/webhook-pages')).WebhookEdit) },
  'earning-rules': { edit: onFirstVisit(async () => (await import('./earning-rules/earning-rule-pages')).EarningRuleEdit) },
  users: { edit: onFirstVisit(async () => (await import('./users/user-pages')).UserEdit) },
  'audit-events': {
    list: onFirstVisit(async () => (await import('./audit/audit-pages')).AuditList),
    show: onFirstVisit(async () => (await import('./audit/audit-pages')).AuditShow),
  },
};

function sharedPage(config: ResourceConfig, page: 'list' | 'create' | 'edit'): ComponentType {
  return onFirstVisit(async () => (await import('./resources/definition-pages')).definitionPages(config, referenceTitle)[page]!);
}

/** Each resource's pages, made once: a page made anew at each render would be fetched and mounted anew. */
const PAGES = new Map<string, OwnPages>(
  RESOURCES.map((config) => {
    const own = OWN_PAGES[config.name];
    return [
      config.name,
      {
        list: own?.list ?? sharedPage(config, 'list'),
        show: own?.show,
        create: offersCreate(config) ? (own?.create ?? sharedPage(config, 'create')) : undefined,
        edit: offersEdit(config) ? (own?.edit ?? sharedPage(config, 'edit')) : undefined,
      },
    ];
  }),
);

const dataProvider = operatorDataProvider((name) => {
  const config = resourceConfig(name);
  return { idField: config?.idField ?? 'id', searchOnly: config?.searchOnly, createdRecordIn: config?.createdRecordIn };
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
          const pages = PAGES.get(config.name)!;
          const canWrite = config.write !== undefined && permissions.includes(config.write);
          return (
            <Resource
              key={config.name}
              name={config.name}
              icon={config.icon}
              list={pages.list}
              show={pages.show}
              create={canWrite ? pages.create : undefined}
              edit={canWrite ? pages.edit : undefined}
              recordRepresentation={(record) => String(valueAt(record, config.titleField) ?? record.id)}
            />
          );
        })
      }
    </Admin>
  );
}
