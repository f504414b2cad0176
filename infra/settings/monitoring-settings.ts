import { z } from 'zod'
import { optionalCount, type Parsed } from './values.ts'

/** How the stage watches itself from outside: the canary. */
export interface MonitoringSettings {
  /**
   * How often the canary sends a synthetic enquiry through the public site (5 to 1440 minutes).
   * @default 60
   */
  readonly canaryIntervalMinutes?: number
}

export const monitoringSettingsShape = {
  canaryIntervalMinutes: optionalCount('canaryIntervalMinutes').pipe(
    z
      .number()
      .min(5, 'canaryIntervalMinutes must be at least 5 (a run may take about 6 minutes)')
      .max(1440, 'canaryIntervalMinutes must be at most 1440 (once a day)')
      .optional(),
  ),
}

export interface MonitoringConfig {
  /** How often the canary runs, in minutes; absent: hourly (the canary's default). */
  readonly canaryIntervalMinutes?: number
}

export function monitoringConfig(s: Parsed<typeof monitoringSettingsShape>): MonitoringConfig {
  return s.canaryIntervalMinutes ? { canaryIntervalMinutes: s.canaryIntervalMinutes } : {}
}
