import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource, EntityManager } from 'typeorm';
import { likePattern, queryRowPage } from '@tessera/core';
import { ApiInterface, Page, PageRequest } from '@tessera/http';
import { DefinitionFilter, DefinitionState, DefinitionStore } from '../audit';
import { ApplicationDefinitionDto, ApplicationDefinitionViewDto } from './dto/application-definition.dto';
import { ExternalApplicationService } from './external-application.service';

interface ApplicationRow {
  external_application_id: string;
  name: string;
  text_id: string;
  interface: ApiInterface;
  state: number;
  last_change: Date;
}

const toView = (row: ApplicationRow): ApplicationDefinitionViewDto => ({
  external_application_id: row.external_application_id,
  name: row.name,
  text_id: row.text_id,
  interface: row.interface,
  state: row.state,
  last_change: new Date(row.last_change).toISOString(),
});

/** External applications of both interfaces as the operator defines them: found by id or text id. */
@Injectable()
export class ApplicationDefinitionRepository implements DefinitionStore<ApplicationDefinitionDto, ApplicationDefinitionViewDto> {
  readonly kind = 'external_application';
  readonly resource = 'applications';

  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly applications: ExternalApplicationService,
  ) {}

  async list(filter: DefinitionFilter, page: PageRequest): Promise<Page<ApplicationDefinitionViewDto>> {
    const found = await queryRowPage<ApplicationRow>(
      this.dataSource,
      {
        columns: 'external_application_id, name, text_id, interface, state, last_change',
        from: 'external_applications',
        conditions: ['($1::text IS NULL OR name ILIKE $1 OR text_id ILIKE $1)', '($2::smallint IS NULL OR state = $2)'],
        params: [filter.q ? likePattern(filter.q) : null, filter.state ?? null],
        orderBy: ['interface', 'name'],
        id: 'external_application_id',
      },
      page,
    );
    return { items: found.items.map(toView), total: found.total };
  }

  async find(key: string, manager: EntityManager): Promise<ApplicationDefinitionViewDto | null> {
    const [row] = await manager.query<ApplicationRow[]>(
      `SELECT external_application_id, name, text_id, interface, state, last_change FROM external_applications
        WHERE external_application_id = $1 OR text_id = $1 ORDER BY external_application_id = $1 DESC LIMIT 1`,
      [key],
    );
    return row ? toView(row) : null;
  }

  idOf(view: ApplicationDefinitionViewDto): string {
    return view.external_application_id;
  }

  async insert(input: ApplicationDefinitionDto, manager: EntityManager): Promise<string> {
    return this.applications.define({ name: input.name, textId: input.text_id, apiInterface: input.interface }, manager);
  }

  async update(id: string, input: ApplicationDefinitionDto, manager: EntityManager): Promise<void> {
    await this.applications.define({ applicationId: id, name: input.name, textId: input.text_id, apiInterface: input.interface }, manager);
  }

  async setState(id: string, state: DefinitionState, manager: EntityManager): Promise<void> {
    await this.applications.setState(id, state, manager);
  }
}
