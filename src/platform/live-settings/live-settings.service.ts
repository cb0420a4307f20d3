import { Inject, Injectable, Logger, OnApplicationBootstrap } from '@nestjs/common';
import { APPLIED_LIVE, AppConfig, readConfigFile, resolveSetting, SETTINGS, SettingKey } from '../../config/app-config';
import { APP_CONFIG } from '../../config/app-config.module';
import { ChangeFeed } from '../change-feed/change-feed.service';
import { OPERATOR_SETTINGS_TABLE, readOperatorSettings } from './operator-settings';

const LIVE_NAMES = [...APPLIED_LIVE].map((key) => SETTINGS[key].env);

/**
 * Applies the settings that can change under a running instance (`APPLIED_LIVE`) as the change feed
 * reports a value saved or reset through the operator API. It writes them into the injected
 * configuration itself, so code that reads a setting where it uses it takes the new value; code that
 * built something from one at start-up re-applies it in an `onChange` hook. The environment still
 * outranks every saved value.
 */
@Injectable()
export class LiveSettings implements OnApplicationBootstrap {
  private readonly logger = new Logger(LiveSettings.name);
  private readonly hooks: { keys: readonly SettingKey[]; apply: () => void }[] = [];
  /** The data directory's file as this instance started with it: a value reset falls back to it, then to the default. */
  private readonly file: Record<string, string>;
  /** Settings whose value came from the operator API at the last refresh: a reset one goes back to the file or default. */
  private saved = new Set<SettingKey>();
  private refreshes = 0;
  private latest?: Promise<void>;

  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly feed: ChangeFeed,
  ) {
    this.file = readConfigFile(config.dataDir);
    feed.on([OPERATOR_SETTINGS_TABLE], () => void this.refresh().catch((error: unknown) => this.logger.warn(String(error))));
  }

  /** Calls `apply` after any of `keys` changed in the configuration. */
  onChange(keys: readonly SettingKey[], apply: () => void): void {
    this.hooks.push({ keys, apply });
  }

  async onApplicationBootstrap(): Promise<void> {
    await this.refresh();
  }

  /**
   * Reads the saved values and applies those that changed. A refresh that a later one overtook applies
   * nothing and resolves with the later one, so a caller always waits for a read made after its call.
   */
  refresh(): Promise<void> {
    this.latest = this.load(++this.refreshes);
    return this.latest;
  }

  private async load(refresh: number): Promise<void> {
    const saved = await this.feed.load((manager) => readOperatorSettings((sql, parameters) => manager.query(sql, parameters), LIVE_NAMES));
    if (refresh !== this.refreshes) return this.latest;
    this.apply(saved);
  }

  private apply(saved: Record<string, string>): void {
    const changed = new Set<SettingKey>();
    const nowSaved = new Set<SettingKey>();
    for (const key of APPLIED_LIVE) {
      const name = SETTINGS[key].env;
      if (saved[name] !== undefined) nowSaved.add(key);
      // Untouched unless saved now or before: a value the process was started with (or given in code) stays.
      if (this.config.environment[name] !== undefined || (!nowSaved.has(key) && !this.saved.has(key))) continue;
      const { value } = resolveSetting(key, this.config.environment, saved, this.file);
      let parsed: unknown;
      try {
        parsed = SETTINGS[key].parse(value);
      } catch (error) {
        this.logger.warn(`${name}: ${(error as Error).message}; keeping ${JSON.stringify(this.config[key])}`);
        continue;
      }
      if (JSON.stringify(parsed) === JSON.stringify(this.config[key])) continue;
      (this.config as Record<SettingKey, unknown>)[key] = parsed;
      changed.add(key);
    }
    this.saved = nowSaved;
    if (changed.size > 0) this.logger.log(`Applied ${[...changed].map((key) => SETTINGS[key].env).join(', ')}`);
    for (const hook of this.hooks) if (hook.keys.some((key) => changed.has(key))) hook.apply();
  }
}
