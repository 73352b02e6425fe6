/**
 * The timer of a background round (src/jobs, the bid clock): the round every `intervalMs`, and a
 * first one at once (`"now"`) or after `first` ms when asked. A failed round is logged as
 * "<name> failed" and the next one runs as planned. `stop()` ends it (shutdown, tests).
 */
import type { Logger } from "./logger.ts";

export function repeat(
  logger: Logger,
  name: string,
  round: () => Promise<unknown>,
  intervalMs: number,
  first?: number | "now",
) {
  const tick = () => round().catch((e) => logger.error(`${name} failed`, { error: (e as Error).message }));
  const soon = typeof first === "number" ? setTimeout(tick, first) : undefined;
  const timer = setInterval(tick, intervalMs);
  if (first === "now") tick();
  return {
    stop: () => {
      clearTimeout(soon);
      clearInterval(timer);
    },
  };
}
