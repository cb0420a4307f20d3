import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { randomBytes } from 'node:crypto';
import { EntityManager, In, IsNull, Repository } from 'typeorm';
import { hashPassword, newId } from '@tessera/core';
import { CommonException, InvalidReason, OperatorPermission, Page, PageRequest } from '@tessera/http';
import { AuditActor, AuditTrail, DefinitionFilter } from '../../audit';
import { ApiUserEntity } from '../entities/api-user.entity';
import { ApiUserSessionEntity } from '../entities/api-user-session.entity';
import { OperatorSessionEntity } from '../entities/operator-session.entity';
import { UserRoleEntity } from '../entities/user-role.entity';
import { UserRolePermissionEntity } from '../entities/user-role-permission.entity';
import { MIN_API_USER_PASSWORD_LENGTH } from '../api-user.service';
import { OperatorDirectoryRepository } from './operator-directory.repository';
import { isOperatorPermission } from './operator-roles';

/** A role as the operator API shows and takes it. */
export interface RoleView {
  user_role_id: string;
  text_id: string;
  name: string;
  description: string;
  state: number;
  permissions: OperatorPermission[];
}

export interface RoleInput {
  text_id: string;
  name: string;
  description?: string;
  permissions: string[];
}

/** An API user as the operator API shows it; never the password or the second-factor key. */
export interface UserView {
  user_id: string;
  login: string;
  first_name: string;
  last_name: string;
  email: string;
  phone: string | null;
  store_id: string | null;
  state: number;
  roles: string[];
  second_factor: boolean;
  last_login: string | null;
}

export interface UserInput {
  login: string;
  first_name?: string;
  last_name?: string;
  email?: string;
  phone?: string | null;
  store_id?: string | null;
  /** Role text ids or ids. */
  roles: string[];
}

export interface NewUserInput extends UserInput {
  /** Left out: one is generated and returned once. */
  password?: string;
}

/** API users and their roles, managed by operators: every write audited in its own transaction. */
@Injectable()
export class OperatorDirectoryService {
  constructor(
    @InjectRepository(ApiUserEntity) private readonly users: Repository<ApiUserEntity>,
    @InjectRepository(UserRoleEntity) private readonly roles: Repository<UserRoleEntity>,
    private readonly audit: AuditTrail,
    private readonly directory: OperatorDirectoryRepository,
  ) {}

  // ---- roles ----

  listRoles(filter: DefinitionFilter, page: PageRequest): Promise<Page<RoleView>> {
    return this.directory.listRoles(filter, page);
  }

  async showRole(key: string): Promise<RoleView> {
    return this.roleView(await this.requireRole(key, this.roles.manager), this.roles.manager);
  }

  async createRole(actor: AuditActor, input: RoleInput): Promise<RoleView> {
    const permissions = checkedPermissions(input.permissions);
    return this.audit.audited(actor, async (m) => {
      if (await m.exists(UserRoleEntity, { where: { textId: input.text_id } }))
        throw CommonException.invalid('text_id', InvalidReason.AlreadyExists, 'Another role has this text id', input.text_id);
      const role = { id: newId(), textId: input.text_id, name: input.name, description: input.description ?? '', state: 1 };
      await m.insert(UserRoleEntity, role);
      await this.grant(m, role.id, permissions);
      const after = await this.roleView(role, m);
      return { value: after, targetType: 'user_role', targetId: role.id, after };
    });
  }

  async changeRole(actor: AuditActor, key: string, input: RoleInput): Promise<RoleView> {
    const permissions = checkedPermissions(input.permissions);
    return this.audit.audited(actor, async (m) => {
      const role = await this.requireRole(key, m, { lock: true });
      const before = await this.roleView(role, m);
      const clash = await m.findOne(UserRoleEntity, { where: { textId: input.text_id } });
      if (clash && clash.id !== role.id)
        throw CommonException.invalid('text_id', InvalidReason.AlreadyExists, 'Another role has this text id', input.text_id);
      await m.update(UserRoleEntity, { id: role.id }, { textId: input.text_id, name: input.name, description: input.description ?? '' });
      await m.delete(UserRolePermissionEntity, { roleId: role.id });
      await this.grant(m, role.id, permissions);
      const after = await this.roleView({ ...role, textId: input.text_id, name: input.name, description: input.description ?? '' }, m);
      return { value: after, targetType: 'user_role', targetId: role.id, before, after };
    });
  }

  /** Deactivated roles stay on the users who hold them, for history, but grant nothing. */
  async setRoleState(actor: AuditActor, key: string, state: 0 | 1): Promise<RoleView> {
    return this.audit.audited(actor, async (m) => {
      const role = await this.requireRole(key, m, { lock: true });
      const before = await this.roleView(role, m);
      await m.update(UserRoleEntity, { id: role.id }, { state });
      const after = { ...before, state };
      return { value: after, targetType: 'user_role', targetId: role.id, before, after };
    });
  }

  // ---- users ----

  listUsers(filter: DefinitionFilter, page: PageRequest): Promise<Page<UserView>> {
    return this.directory.listUsers(filter, page);
  }

  async showUser(key: string): Promise<UserView> {
    return toUserView(await this.requireUser(key, this.users.manager));
  }

  /** Creates an API user; the password, when generated, is in the answer once and nowhere else. */
  async createUser(actor: AuditActor, input: NewUserInput): Promise<{ user: UserView; password?: string }> {
    const generated = input.password === undefined ? randomBytes(12).toString('base64url') : undefined;
    const password = input.password ?? generated!;
    checkPassword(password);
    return this.audit.audited(actor, async (m) => {
      if (await m.createQueryBuilder(ApiUserEntity, 'u').where('lower(u.login) = lower(:login)', { login: input.login }).getExists())
        throw CommonException.invalid('login', InvalidReason.AlreadyExists, 'An API user with this login exists', input.login);
      const id = newId();
      await m.insert(ApiUserEntity, {
        id,
        login: input.login,
        passwordHash: await hashPassword(password),
        firstName: input.first_name ?? '',
        lastName: input.last_name ?? '',
        email: input.email ?? '',
        phone: input.phone ?? null,
        storeId: await this.checkedStore(m, input.store_id ?? null),
      });
      await this.assignRoles(m, id, input.roles);
      const after = toUserView(await this.requireUser(id, m));
      return { value: { user: after, password: generated }, targetType: 'api_user', targetId: id, after };
    });
  }

  async changeUser(actor: AuditActor, key: string, input: UserInput): Promise<UserView> {
    return this.audit.audited(actor, async (m) => {
      const user = await this.requireUser(key, m);
      const before = toUserView(user);
      const clash = await m
        .createQueryBuilder(ApiUserEntity, 'u')
        .where('lower(u.login) = lower(:login) AND u.id <> :id', { login: input.login, id: user.id })
        .getExists();
      if (clash) throw CommonException.invalid('login', InvalidReason.AlreadyExists, 'An API user with this login exists', input.login);
      await m.update(
        ApiUserEntity,
        { id: user.id },
        {
          login: input.login,
          firstName: input.first_name ?? '',
          lastName: input.last_name ?? '',
          email: input.email ?? '',
          phone: input.phone ?? null,
          storeId: await this.checkedStore(m, input.store_id ?? null),
          lastChange: new Date(),
        },
      );
      await m.query(`DELETE FROM api_user_role_records WHERE user_id = $1`, [user.id]);
      await this.assignRoles(m, user.id, input.roles);
      const after = toUserView(await this.requireUser(user.id, m));
      return { value: after, targetType: 'api_user', targetId: user.id, before, after };
    });
  }

  /** Disabling ends the user's sign-ins on the operator API and the Enterprise interface at once. */
  async setUserState(actor: AuditActor, key: string, state: 0 | 1): Promise<UserView> {
    return this.audit.audited(actor, async (m) => {
      const user = await this.requireUser(key, m);
      const before = toUserView(user);
      await m.update(ApiUserEntity, { id: user.id }, { state, lastChange: new Date() });
      if (state === 0) await endSessions(m, user.id);
      const after = { ...before, state };
      return { value: after, targetType: 'api_user', targetId: user.id, before, after };
    });
  }

  /** A new password (generated unless given), returned once; every sign-in of the user ends. */
  async resetPassword(actor: AuditActor, key: string, password?: string): Promise<{ user: UserView; password?: string }> {
    const generated = password === undefined ? randomBytes(12).toString('base64url') : undefined;
    const next = password ?? generated!;
    checkPassword(next);
    return this.audit.audited(actor, async (m) => {
      const user = await this.requireUser(key, m);
      await m.update(ApiUserEntity, { id: user.id }, { passwordHash: await hashPassword(next), lastChange: new Date() });
      await endSessions(m, user.id);
      const view = toUserView(user);
      return { value: { user: view, password: generated }, targetType: 'api_user', targetId: user.id, after: { password_reset: true } };
    });
  }

  /** An owner removes a user's second factor (a lost phone); the user enrols again at their next sign-in. */
  async resetSecondFactor(actor: AuditActor, key: string): Promise<UserView> {
    return this.audit.audited(actor, async (m) => {
      const user = await this.requireUser(key, m);
      await m.update(ApiUserEntity, { id: user.id }, { totpSecret: null, totpConfirmedAt: null, totpLastStep: null });
      await endSessions(m, user.id);
      const before = toUserView(user);
      const after = { ...before, second_factor: false };
      return { value: after, targetType: 'api_user', targetId: user.id, before, after };
    });
  }

  // ---- helpers ----

  private async requireRole(key: string, m: EntityManager, { lock = false } = {}): Promise<UserRoleEntity> {
    // An id names its row even where another role's text id is the same text.
    const lockOption = lock ? { lock: { mode: 'pessimistic_write' as const } } : {};
    const role =
      (await m.findOne(UserRoleEntity, { where: { id: key }, ...lockOption })) ??
      (await m.findOne(UserRoleEntity, { where: { textId: key }, ...lockOption }));
    if (!role) throw CommonException.recordNotFound('user-roles', key);
    return role;
  }

  private async requireUser(key: string, m: EntityManager): Promise<ApiUserEntity> {
    const found = await m
      .createQueryBuilder(ApiUserEntity, 'u')
      .leftJoinAndSelect('u.roles', 'r')
      .where('u.id = :key OR lower(u.login) = lower(:key)', { key })
      .getMany();
    // An id names its user even where another user's login is the same text.
    const user = found.find((candidate) => candidate.id === key) ?? found[0];
    if (!user) throw CommonException.recordNotFound('users', key);
    return user;
  }

  private async roleView(
    role: Pick<UserRoleEntity, 'id' | 'textId' | 'name' | 'description' | 'state'>,
    m: EntityManager,
  ): Promise<RoleView> {
    const granted = await m.find(UserRolePermissionEntity, { where: { roleId: role.id }, order: { permission: 'ASC' } });
    return {
      user_role_id: role.id,
      text_id: role.textId,
      name: role.name,
      description: role.description,
      state: role.state,
      permissions: granted.map((row) => row.permission),
    };
  }

  private async grant(m: EntityManager, roleId: string, permissions: OperatorPermission[]): Promise<void> {
    if (permissions.length > 0)
      await m.insert(
        UserRolePermissionEntity,
        permissions.map((permission) => ({ roleId, permission })),
      );
  }

  private async assignRoles(m: EntityManager, userId: string, keys: string[]): Promise<void> {
    const unique = [...new Set(keys)];
    const roles = unique.length === 0 ? [] : await m.find(UserRoleEntity, { where: [{ id: In(unique) }, { textId: In(unique) }] });
    const missing = unique.find((key) => !roles.some((role) => role.id === key || role.textId === key));
    if (missing !== undefined) throw CommonException.invalid('roles', InvalidReason.NotFound, 'No role has this id or text id', missing);
    if (roles.length > 0)
      await m.query(`INSERT INTO api_user_role_records (user_id, user_role_id) SELECT $1, unnest($2::varchar[])`, [
        userId,
        roles.map((role) => role.id),
      ]);
  }

  private async checkedStore(m: EntityManager, storeId: string | null): Promise<string | null> {
    if (storeId === null) return null;
    const [found] = await m.query<{ store_id: string }[]>(`SELECT store_id FROM stores WHERE store_id = $1 OR store_code = $1 LIMIT 1`, [
      storeId,
    ]);
    if (!found) throw CommonException.invalid('store_id', InvalidReason.NotFound, 'No store has this id or code', storeId);
    return found.store_id;
  }
}

function checkedPermissions(permissions: string[]): OperatorPermission[] {
  const unknown = permissions.find((permission) => !isOperatorPermission(permission));
  if (unknown !== undefined)
    throw CommonException.invalid('permissions', InvalidReason.NotAllowedValue, 'Not an operator API permission', unknown);
  return [...new Set(permissions)] as OperatorPermission[];
}

function checkPassword(password: string): void {
  if (password.length < MIN_API_USER_PASSWORD_LENGTH)
    throw CommonException.invalid(
      'password',
      InvalidReason.InvalidValueFormat,
      `The password must have at least ${MIN_API_USER_PASSWORD_LENGTH} characters`,
    );
}

async function endSessions(m: EntityManager, userId: string): Promise<void> {
  await m.update(OperatorSessionEntity, { userId, revokedAt: IsNull() }, { revokedAt: new Date() });
  await m.update(ApiUserSessionEntity, { userId, revokedAt: IsNull() }, { revokedAt: new Date() });
}

/** An API user as the operator API shows it. */
export function toUserView(user: ApiUserEntity): UserView {
  return {
    user_id: user.id,
    login: user.login,
    first_name: user.firstName,
    last_name: user.lastName,
    email: user.email,
    phone: user.phone,
    store_id: user.storeId,
    state: user.state,
    roles: (user.roles ?? []).map((role) => role.textId).sort(),
    second_factor: user.totpConfirmedAt !== null,
    last_login: user.lastLogin?.toISOString() ?? null,
  };
}
