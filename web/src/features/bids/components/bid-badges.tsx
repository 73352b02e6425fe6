import { useTranslation } from "react-i18next";
import { BID_STATUSES, type BidStatus } from "../../../../../src/shared/status/bid-request.ts";

const STATUS_CLASS: Record<BidStatus, string> = {
  draft: "badge-ghost",
  pending_approval: "badge-warning",
  published: "badge-info",
  bidding_open: "badge-success",
  bidding_closed: "badge-warning",
  evaluation: "badge-secondary",
  awarded: "badge-primary",
  cancelled: "badge-neutral",
};

const isBidStatus = (status: string): status is BidStatus => (BID_STATUSES as readonly string[]).includes(status);

/** A known status gets a colour and a translated label; anything else is shown as is, neutrally. */
export function BidStatusBadge({ status, small = false }: { status: string; small?: boolean }) {
  const { t } = useTranslation("bids");
  const size = small ? "badge-sm" : "";
  if (!isBidStatus(status)) return <span className={`badge badge-outline ${size}`}>{status}</span>;
  return (
    <span className={`badge badge-soft whitespace-nowrap ${size} ${STATUS_CLASS[status]}`}>
      {t(`status.${status}`)}
    </span>
  );
}

/** Inline SVG: no emoji font is needed to draw it. */
function LockIcon() {
  return (
    <svg
      viewBox="0 0 24 24"
      className="h-3 w-3"
      fill="none"
      stroke="currentColor"
      strokeWidth="2.5"
      aria-hidden="true"
      focusable="false"
    >
      <rect x="5" y="11" width="14" height="10" rx="2" />
      <path d="M8 11V7a4 4 0 018 0v4" />
    </svg>
  );
}

export function BiddingModeBadge({ mode, small = false }: { mode: string; small?: boolean }) {
  const { t } = useTranslation("bids");
  const sealed = mode === "sealed";
  return (
    <span
      className={`badge badge-outline whitespace-nowrap ${small ? "badge-sm" : ""} ${sealed ? "badge-accent" : ""}`}
    >
      {sealed && <LockIcon />}
      {sealed ? t("mode.sealed") : t("mode.open")}
    </span>
  );
}

/** Submissions: a sealed request that is not unsealed only reveals how many bids it holds. */
export function SubmissionCount(
  { bid }: { bid: { biddingMode: string; unsealedAt: string | null; bidCount: number } },
) {
  const { t, i18n } = useTranslation("bids");
  const number = new Intl.NumberFormat(i18n.language).format(bid.bidCount);
  if (bid.biddingMode === "sealed" && !bid.unsealedAt) {
    return <>{bid.bidCount === 1 ? t("submissions.sealedOne") : t("submissions.sealedMany", { number })}</>;
  }
  return <>{bid.bidCount === 1 ? t("submissions.one") : t("submissions.many", { number })}</>;
}
