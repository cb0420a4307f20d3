import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { EntityManager, Repository } from 'typeorm';
import { newId, within } from '@tessera/core';
import { ApiInterface, CommonException, InvalidReason } from '@tessera/http';
import { AuthException } from './auth.exceptions';
import { ExternalApplicationEntity } from './entities/external-application.entity';

/** Registered integrating systems, one per system and interface. */
@Injectable()
export class ExternalApplicationService {
  constructor(@InjectRepository(ExternalApplicationEntity) private readonly applications: Repository<ExternalApplicationEntity>) {}

  async create(name: string, apiInterface: ApiInterface, manager?: EntityManager): Promise<string> {
    const id = newId();
    await within(this.applications, manager).insert({ id, name, interface: apiInterface, state: 1 });
    return id;
  }

  /** The application, which must exist, be active and belong to `apiInterface`; otherwise 403. */
  async requireActive(applicationId: string | undefined, apiInterface: ApiInterface): Promise<ExternalApplicationEntity> {
    const application = applicationId
      ? await this.applications.findOne({ where: { id: applicationId, interface: apiInterface, state: 1 } })
      : null;
    if (!application) throw AuthException.applicationNotAllowed(applicationId);
    return application;
  }

  /** An active application of either interface named in a request body, or a 400 `not_found` naming the field. */
  async requireActiveIn(field: string, applicationId: string): Promise<void> {
    if (!(await this.applications.exists({ where: { id: applicationId, state: 1 } }))) {
      throw CommonException.invalid(field, InvalidReason.NotFound, 'No active external application has this id', applicationId);
    }
  }

  /** A Customer-interface application named in a request body: any but an active one is a 400 naming the field. */
  async requireCustomerApplicationIn(field: string, applicationId: string): Promise<void> {
    const exists = await this.applications.exists({ where: { id: applicationId, interface: ApiInterface.Customer, state: 1 } });
    if (!exists)
      throw CommonException.invalid(field, InvalidReason.NotFound, 'No active customer-interface application has this id', applicationId);
  }
}
