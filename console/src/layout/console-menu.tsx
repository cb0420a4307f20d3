import { ListSubheader } from '@mui/material';
import { Fragment } from 'react';
import { Menu, useResourceDefinitions, useTranslate } from 'react-admin';
import type { MenuGroup } from '../resources/resource-config';
import { resourceConfig } from '../resources/registry';

const GROUPS: MenuGroup[] = ['customers', 'programme', 'catalogue', 'messaging', 'integrations', 'administration'];

/** The resources this operator's roles may read, by group: the others were never registered, so they are absent. */
export function ConsoleMenu() {
  const translate = useTranslate();
  const registered = Object.keys(useResourceDefinitions());
  return (
    <Menu>
      <Menu.DashboardItem primaryText={translate('console.menu.dashboard')} />
      {GROUPS.map((group) => {
        const names = registered.filter((name) => resourceConfig(name)?.group === group);
        if (names.length === 0) return null;
        return (
          <Fragment key={group}>
            <ListSubheader component="div" disableSticky sx={{ lineHeight: '2.2em', mt: 1 }}>
              {translate(`console.menu.${group}`)}
            </ListSubheader>
            {names.map((name) => (
              <Menu.ResourceItem key={name} name={name} />
            ))}
          </Fragment>
        );
      })}
    </Menu>
  );
}
