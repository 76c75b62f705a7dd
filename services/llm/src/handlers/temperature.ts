import { CONFIG_LIMITS } from '@folio/proto/vocabulary';
import { InvalidRequestError } from '@folio/runtime';

/** Refuses a temperature outside 0 to `CONFIG_LIMITS.temperature`, the bound the gateway enforces too. */
export function assertTemperature(temperature: number): void {
  if (!Number.isFinite(temperature) || temperature < 0 || temperature > CONFIG_LIMITS.temperature) {
    throw new InvalidRequestError(`temperature must be between 0 and ${CONFIG_LIMITS.temperature}, got ${temperature}`);
  }
}
