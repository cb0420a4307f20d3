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
      'Every setting of this server with its value, where the value comes from and whether a change applies at once or at a restart; keys and passwords masked.',
  })
  @ApiOkResponse({ type: SettingListResponseDto })
  list() {
    const settings = this.settings.list();
    return { data: { settings, total_items: settings.length } };
  }

  @Put(':name')
  @OperatorAccess('settings:write')
  @ApiOperation({
    summary: 'Change a setting',
    description:
      "Saves the value in this server's data directory after checking it; the answer lists the settings running servers take only when restarted. A value in the environment still outranks it.",
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
    description: 'Removes the saved value, so the default (or the environment) applies; the answer lists what needs a restart.',
  })
  @ApiOkResponse({ type: SettingChangeResponseDto })
  async reset(@OperatorWriter() actor: AuditActor, @Param('name') name: string) {
    return dataEnvelope(await this.settings.reset(actor, name));
  }
}
