import { Body, Get, HttpCode, HttpStatus, Param, Post, Put } from '@nestjs/common';
import { ApiOkResponse, ApiOperation } from '@nestjs/swagger';
import { OperatorAccess, OperatorResource, dataEnvelope } from '@tessera/http';
import { AuditActor, OperatorWriter } from '../../audit';
import { SettingChangeResponseDto, SettingListResponseDto, SettingValueDto } from '../dto/setting.dto';
import { SettingsService } from '../settings.service';

@OperatorResource('settings')
export class SettingsOperatorController {
  constructor(private readonly settings: SettingsService) {}

  @Get()
  @OperatorAccess('settings:read')
  @ApiOperation({
    summary: 'Settings',
    description:
      'Every setting with the value a server starting now takes, where it comes from (environment, operator, file or default) and whether a change reaches running servers at once or at their restart; keys and passwords masked.',
  })
  @ApiOkResponse({ type: SettingListResponseDto })
  async list() {
    const settings = await this.settings.list();
    return { data: { settings, total_items: settings.length } };
  }

  @Put(':name')
  @OperatorAccess('settings:write')
  @ApiOperation({
    summary: 'Change a setting',
    description:
      'Saves the value in the database for every server after checking it; running servers apply it at once where it can change under them. The answer lists the settings they take only when restarted, and those a value in the environment outranks.',
  })
  @ApiOkResponse({ type: SettingChangeResponseDto })
  async change(@OperatorWriter() actor: AuditActor, @Param('name') name: string, @Body() body: SettingValueDto) {
    return dataEnvelope(await this.settings.change(actor, name, body.value));
  }

  @Post(':name/actions/reset')
  @HttpCode(HttpStatus.OK)
  @OperatorAccess('settings:write')
  @ApiOperation({
    summary: 'Reset a setting',
    description:
      "Removes the value saved here, so the data directory's file or the default applies (unless the environment sets it); the answer lists what needs a restart.",
  })
  @ApiOkResponse({ type: SettingChangeResponseDto })
  async reset(@OperatorWriter() actor: AuditActor, @Param('name') name: string) {
    return dataEnvelope(await this.settings.reset(actor, name));
  }
}
