import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { randomBytes } from 'node:crypto';
import { EntityManager, Repository } from 'typeorm';
import { newId } from '@tessera/core';
import { ApiInterface } from '@tessera/http';
import { ApiUserService } from './api-user.service';
import { UserRoleEntity } from './entities/user-role.entity';
import { ExternalApplicationService } from './external-application.service';

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
  }

  /** Writes through `manager`, so the demo setup and the mark that it exists commit together. */
  async createDemoSetup(manager: EntityManager): Promise<DemoCredentials> {
    const password = randomBytes(12).toString('base64url');
    const login = 'demo';
    await this.users.create({ login, password, firstName: 'Demo', lastName: 'User', email: 'demo@example.invalid' }, manager);
    return {
      enterpriseApplicationId: await this.applications.create('Demo enterprise application', ApiInterface.Enterprise, manager),
      customerApplicationId: await this.applications.create('Demo customer application', ApiInterface.Customer, manager),
      login,
      password,
    };
  }
}
