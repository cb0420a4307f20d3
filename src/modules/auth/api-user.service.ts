import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { EntityManager, In, Repository } from 'typeorm';
import { fetchPage, hashPassword, likePattern, newId, within } from '@tessera/core';
import { CommonException, InvalidReason, Page, PageRequest } from '@tessera/http';
import { ApiUserEntity } from './entities/api-user.entity';
import { UserRoleEntity } from './entities/user-role.entity';

export const USER_SORT_FIELDS = ['user_id', 'login', 'first_name', 'last_name', 'email', 'phone', 'store_id', 'last_login'] as const;
export type UserSortField = (typeof USER_SORT_FIELDS)[number];

export const USER_ROLE_SORT_FIELDS = ['user_role_id', 'name'] as const;
export type UserRoleSortField = (typeof USER_ROLE_SORT_FIELDS)[number];

export interface UserFilter {
  email?: string;
  phone?: string;
  login?: string;
  first_name?: string;
  last_name?: string;
  store_id?: string;
}

export interface NewApiUser {
  login: string;
  password: string;
  email?: string;
  firstName?: string;
  lastName?: string;
  phone?: string;
  roleTextIds?: string[];
}

export const MIN_API_USER_PASSWORD_LENGTH = 10;

const USER_COLUMNS: Record<UserSortField, string> = {
  user_id: 'u.id',
  login: 'u.login',
  first_name: 'u.firstName',
  last_name: 'u.lastName',
  email: 'u.email',
  phone: 'u.phone',
  store_id: 'u.storeId',
  last_login: 'u.lastLogin',
};

@Injectable()
export class ApiUserService {
  constructor(
    @InjectRepository(ApiUserEntity) private readonly users: Repository<ApiUserEntity>,
    @InjectRepository(UserRoleEntity) private readonly roles: Repository<UserRoleEntity>,
  ) {}

  async create(input: NewApiUser, manager?: EntityManager): Promise<ApiUserEntity> {
    const users = within(this.users, manager);
    if (input.password.length < MIN_API_USER_PASSWORD_LENGTH) {
      throw CommonException.invalid(
        'password',
        InvalidReason.InvalidValueFormat,
        `The password must have at least ${MIN_API_USER_PASSWORD_LENGTH} characters`,
      );
    }
    const existing = await users.createQueryBuilder('u').where('lower(u.login) = lower(:login)', { login: input.login }).getCount();
    if (existing > 0) {
      throw CommonException.invalid('login', InvalidReason.AlreadyExists, 'An API user with this login exists', input.login);
    }
    const roleTextIds = input.roleTextIds ?? ['administrator'];
    const roles = await within(this.roles, manager).find({ where: { textId: In(roleTextIds) } });
    const user = users.create({
      id: newId(),
      login: input.login,
      passwordHash: await hashPassword(input.password),
      email: input.email ?? '',
      firstName: input.firstName ?? '',
      lastName: input.lastName ?? '',
      phone: input.phone ?? null,
      roles,
    });
    await users.save(user);
    return user;
  }

  async findActiveByLogin(login: string): Promise<ApiUserEntity | null> {
    return this.users
      .createQueryBuilder('u')
      .leftJoinAndSelect('u.roles', 'r')
      .where('lower(u.login) = lower(:login)', { login })
      .andWhere('u.state = 1')
      .getOne();
  }

  async get(userId: string): Promise<ApiUserEntity> {
    const user = await this.users.findOne({ where: { id: userId }, relations: { roles: true } });
    if (!user) throw CommonException.recordNotFound('users', userId);
    return user;
  }

  /** The display names of those of the users that exist (first and last name, else the login), by id. */
  async namesOf(userIds: readonly string[]): Promise<Map<string, string>> {
    if (userIds.length === 0) return new Map();
    const users = await this.users.find({ where: { id: In([...new Set(userIds)]) } });
    return new Map(users.map((user) => [user.id, `${user.firstName} ${user.lastName}`.trim() || user.login]));
  }

  async recordLogin(userId: string): Promise<Date> {
    const now = new Date();
    await this.users.update({ id: userId }, { lastLogin: now });
    return now;
  }

  async list(filter: UserFilter, page: PageRequest<UserSortField>): Promise<Page<ApiUserEntity>> {
    const query = this.users.createQueryBuilder('u').leftJoinAndSelect('u.roles', 'r');
    if (filter.email) query.andWhere('lower(u.email) = lower(:email)', { email: filter.email });
    if (filter.phone) query.andWhere('u.phone = :phone', { phone: filter.phone });
    if (filter.login) query.andWhere('lower(u.login) = lower(:login)', { login: filter.login });
    if (filter.first_name) query.andWhere('u.first_name ILIKE :firstName', { firstName: likePattern(filter.first_name) });
    if (filter.last_name) query.andWhere('u.last_name ILIKE :lastName', { lastName: likePattern(filter.last_name) });
    if (filter.store_id) query.andWhere('u.store_id = :storeId', { storeId: filter.store_id });
    return fetchPage(query, page, USER_COLUMNS, 'u.id');
  }

  async getRole(roleId: string): Promise<UserRoleEntity> {
    const role = await this.roles.findOne({ where: { id: roleId } });
    if (!role) throw CommonException.recordNotFound('user-roles', roleId);
    return role;
  }

  async listRoles(page: PageRequest<UserRoleSortField>): Promise<Page<UserRoleEntity>> {
    return fetchPage(this.roles.createQueryBuilder('r'), page, { user_role_id: 'r.id', name: 'r.name' }, 'r.id');
  }
}
