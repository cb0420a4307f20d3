import { Inject, Injectable, OnApplicationShutdown } from '@nestjs/common';
import { AppConfig, ConfigError, SETTINGS } from '../../../config/app-config';
import { APP_CONFIG } from '../../../config/app-config.module';
import { ChannelCode } from '../../reference-data';
import { GatewayTransport } from './gateway.transport';
import { ChannelTransport } from './outgoing-message';
import { SmtpTransport } from './smtp.transport';

/** The setting that switches each deliverable channel on, for messages that name it. */
const CHANNEL_SETTINGS: Readonly<Record<number, string>> = {
  [ChannelCode.Email]: SETTINGS.smtpUrl.env,
  [ChannelCode.Sms]: SETTINGS.smsGatewayUrl.env,
  [ChannelCode.MobilePush]: SETTINGS.pushGatewayUrl.env,
};

const CHANNEL_NAMES: Readonly<Record<number, string>> = {
  [ChannelCode.Email]: 'E-mail',
  [ChannelCode.Sms]: 'SMS',
  [ChannelCode.MobilePush]: 'Mobile push',
  [ChannelCode.InternalNotification]: 'In-app notification',
};

/**
 * The transports this server is configured with, by channel code. In-app notifications (5) need none:
 * storing them delivers them.
 */
@Injectable()
export class ChannelTransports implements OnApplicationShutdown {
  private readonly transports = new Map<ChannelCode, ChannelTransport>();
  private readonly smtp?: SmtpTransport;

  constructor(@Inject(APP_CONFIG) config: AppConfig) {
    if (config.smtpUrl) {
      this.smtp = new SmtpTransport(config.smtpUrl, config.mailFrom);
      this.transports.set(ChannelCode.Email, this.smtp);
    }
    if (config.smsGatewayUrl) {
      this.transports.set(ChannelCode.Sms, gateway('sms', config.smsGatewayUrl, config.smsGatewaySecret, SETTINGS.smsGatewaySecret.env));
    }
    if (config.pushGatewayUrl) {
      this.transports.set(
        ChannelCode.MobilePush,
        gateway('push', config.pushGatewayUrl, config.pushGatewaySecret, SETTINGS.pushGatewaySecret.env),
      );
    }
  }

  /** Whether messages on the channel can be delivered by this server. */
  canDeliver(channelCode: ChannelCode): boolean {
    return channelCode === ChannelCode.InternalNotification || this.transports.has(channelCode);
  }

  transportFor(channelCode: ChannelCode): ChannelTransport | undefined {
    return this.transports.get(channelCode);
  }

  /** Why a channel cannot be used, for the 400 that says so. */
  unavailableReason(channelCode: ChannelCode): string {
    const name = CHANNEL_NAMES[channelCode];
    const setting = CHANNEL_SETTINGS[channelCode];
    if (!name || !setting) return `Channel ${channelCode} cannot carry messages`;
    return `${name} delivery is not configured on this server (${setting})`;
  }

  onApplicationShutdown(): void {
    this.smtp?.close();
  }
}

function gateway(kind: 'sms' | 'push', url: string, secret: string, secretSetting: string): GatewayTransport {
  if (!secret) throw new ConfigError(`${secretSetting}: required when the ${kind} gateway URL is set (requests are signed)`);
  return new GatewayTransport(kind, url, secret);
}
