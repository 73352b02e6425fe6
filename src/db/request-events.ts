/**
 * An entry of a request's history, for purchase requests (purchase_request_events) and bid requests
 * (bid_request_events) alike: who did what, at which approval stage, the status move and a comment.
 */
export interface RequestEvent {
  actorId: number | null;
  action: string;
  stage?: string | null;
  from?: string | null;
  to?: string | null;
  comment?: string;
}
