import { useEffect, useState } from "react";
import { getOcrJob, isFinished, type OcrJob, ocrJobPath } from "./get-ocr-job.ts";

const POLL_MS = 1000;

/**
 * Follows a job until it is done or failed: server-sent events from /events, and when EventSource is
 * missing or the stream breaks before the end, GET the job every second instead. `onUpdate` gets every
 * state; `onError` a failed GET (the watch then stops). Returns the function that stops watching.
 */
export function watchOcrJob(
  jobId: string,
  onUpdate: (job: OcrJob) => void,
  onError: (error: unknown) => void,
  options: { eventSource?: typeof EventSource | null; pollMs?: number } = {},
): () => void {
  const eventSource = options.eventSource === undefined ? globalThis.EventSource : options.eventSource;
  const pollMs = options.pollMs ?? POLL_MS;
  let stopped = false;
  let source: EventSource | undefined;
  let timer: ReturnType<typeof setTimeout> | undefined;
  const abort = new AbortController();

  const stop = () => {
    stopped = true;
    source?.close();
    if (timer) clearTimeout(timer);
    abort.abort();
  };

  const deliver = (job: OcrJob) => {
    if (stopped) return;
    onUpdate(job);
    if (isFinished(job)) stop();
  };

  const poll = async () => {
    if (stopped) return;
    try {
      deliver(await getOcrJob(jobId, { signal: abort.signal }));
    } catch (error) {
      if (!stopped) {
        stop();
        onError(error);
      }
      return;
    }
    if (!stopped) timer = setTimeout(poll, pollMs);
  };

  const fallBack = () => {
    source?.close();
    source = undefined;
    if (!stopped && !timer) void poll();
  };

  if (typeof eventSource === "function") {
    try {
      source = new eventSource(`${ocrJobPath(jobId)}/events`, { withCredentials: true });
      const onEvent = (event: MessageEvent) => {
        try {
          deliver(JSON.parse(event.data) as OcrJob);
        } catch {
          fallBack();
        }
      };
      // The server names its events "job"; unnamed ones arrive as "message".
      source.addEventListener("job", onEvent);
      source.addEventListener("message", onEvent);
      // The stream closed or never opened (a proxy that buffers, a 4xx): ask the job directly.
      source.onerror = fallBack;
    } catch {
      fallBack();
    }
  } else {
    fallBack();
  }
  return stop;
}

/** The job's latest state (undefined until the first one arrives) and a failure to read it. */
export function useOcrJob(jobId: string | undefined) {
  const [state, setState] = useState<{ jobId?: string; job?: OcrJob; error?: unknown }>({});
  useEffect(() => {
    if (!jobId) return;
    setState({ jobId });
    return watchOcrJob(
      jobId,
      (job) => setState({ jobId, job }),
      (error) => setState((s) => ({ ...s, jobId, error })),
    );
  }, [jobId]);
  return state.jobId === jobId ? { job: state.job, error: state.error } : { job: undefined, error: undefined };
}
