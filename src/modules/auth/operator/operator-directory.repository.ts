import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import { likePattern, queryRowPage } from '@tessera/core';
import { Page, PageRequest } from '@tessera/http';
import { DefinitionFilter } from '../../audit';
import type { RoleView, UserView } from './operator-directory.service';

interface UserRow extends Omit<UserView, 'last_login'> {
  last_login: Date | null;
}

/** The operator's pages of API users and roles: filtered and paged in one statement each, as every operator list is. */
@Injectable()
export class OperatorDirectoryRepository {
  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  /** `q` matches the login, names or e-mail; `state` 1 active, 0 disabled. Ordered by login. */
  async listUsers(filter: DefinitionFilter, page: PageRequest): Promise<Page<UserView>> {
    const found = await queryRowPage<UserRow>(
      this.dataSource,
      {
        columns: `u.user_id, u.login, u.first_name, u.last_name, u.email, u.phone, u.store_id, u.state,
                  ARRAY(SELECT r.text_id FROM api_user_role_records x JOIN user_roles r ON r.user_role_id = x.user_role_id
                         WHERE x.user_id = u.user_id ORDER BY r.text_id) AS roles,
                  u.totp_confirmed_at IS NOT NULL AS second_factor, u.last_login`,
        from: 'api_users u',
        conditions: [
          '($1::text IS NULL OR u.login ILIKE $1 OR u.first_name ILIKE $1 OR u.last_name ILIKE $1 OR u.email ILIKE $1)',
          '($2::smallint IS NULL OR u.state = $2)',
        ],
        params: [filter.q ? likePattern(filter.q) : null, filter.state ?? null],
        orderBy: ['login'],
        id: 'user_id',
      },
      page,
    );
    return { items: found.items.map((row) => ({ ...row, last_login: row.last_login?.toISOString() ?? null })), total: found.total };
  }

  /** `q` matches the name or text id; `state` 1 active, 0 deactivated. Ordered by name. */
  async listRoles(filter: DefinitionFilter, page: PageRequest): Promise<Page<RoleView>> {
    return queryRowPage<RoleView>(
      this.dataSource,
      {
        columns: `r.user_role_id, r.text_id, r.name, r.description, r.state,
                  ARRAY(SELECT p.permission FROM user_role_permissions p WHERE p.user_role_id = r.user_role_id ORDER BY p.permission) AS permissions`,
        from: 'user_roles r',
        conditions: ['($1::text IS NULL OR r.name ILIKE $1 OR r.text_id ILIKE $1)', '($2::smallint IS NULL OR r.state = $2)'],
        params: [filter.q ? likePattern(filter.q) : null, filter.state ?? null],
        orderBy: ['name'],
        id: 'user_role_id',
      },
      page,
    );
  }
}
