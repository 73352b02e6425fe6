import { ApiError } from "../../../lib/api-client.ts";

/** The server's message of a failed call (its JSON `message`), if it sent one. */
export function serverMessage(error: unknown): string | undefined {
  return error instanceof ApiError ? error.serverMessage : undefined;
}
