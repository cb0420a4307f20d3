import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { randomBytes } from 'node:crypto';
import { EntityManager, Repository } from 'typeorm';
import { newId } from '@tessera/core';
import { ApiInterface } from '@tessera/http';
import { ApiUserService } from './api-user.service';
import { UserRoleEntity } from './entities/user-role.entity';
import { ExternalApplicationService } from './external-application.service';
import { OPERATOR_SEED_ROLES } from './operator/operator-roles';

export interface DemoCredentials {
  enterpriseApplicationId: string;
  customerApplicationId: string;
  login: string;
  password: string;
}

const DEFAULT_ROLES = [
  { textId: 'administrator', name: 'Administrator' },
  { textId: 'integration', name: 'Integration' },
  { textId: 'store_operator', name: 'Store operator' },
];

/** Project defaults of the auth context: user roles, and on the very first start a demo setup. */
@Injectable()
export class AuthSetupService {
  constructor(
    @InjectRepository(UserRoleEntity) private readonly roles: Repository<UserRoleEntity>,
    private readonly users: ApiUserService,
    private readonly applications: ExternalApplicationService,
  ) {}

  async ensureDefaults(): Promise<void> {
    await this.roles
      .createQueryBuilder()
      .insert()
      .values(DEFAULT_ROLES.map((role) => ({ id: newId(), textId: role.textId, name: role.name })))
      .orIgnore()
      .execute();
    // Permissions are granted only to a role made just now, so an operator's changes to a seed role stick.
    for (const role of OPERATOR_SEED_ROLES) {
      await this.roles.query(
        `WITH made AS (
           INSERT INTO user_roles (user_role_id, text_id, name, description) VALUES ($1, $2, $3, $4)
           ON CONFLICT (text_id) DO NOTHING RETURNING user_role_id)
         INSERT INTO user_role_permissions (user_role_id, permission) SELECT made.user_role_id, p FROM made, unnest($5::text[]) p`,
        [newId(), role.textId, role.name, role.description, role.permissions],
      );
    }
  }

  /** Writes through `manager`, so the demo setup and the mark that it exists commit together. */
  async createDemoSetup(manager: EntityManager): Promise<DemoCredentials> {
    const password = randomBytes(12).toString('base64url');
    const login = 'demo';
    // The demo user also runs the programme: it holds the operator API's owner role beside the API's default.
    await this.users.create(
      { login, password, firstName: 'Demo', lastName: 'User', email: 'demo@example.invalid', roleTextIds: ['administrator', 'owner'] },
      manager,
    );
    return {
      enterpriseApplicationId: await this.applications.create('Demo enterprise application', ApiInterface.Enterprise, manager),
      customerApplicationId: await this.applications.create('Demo customer application', ApiInterface.Customer, manager),
      login,
      password,
    };
  }
}
