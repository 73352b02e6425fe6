/** The bid requests section with the quotations feature's comparison, opened from a bid's details. */
import BidsSection from "../../features/bids/components/bids-section.tsx";
import { ComparisonMatrix } from "../../features/quotations/components/comparison-matrix.tsx";

function BidComparison({ bidRequestId }: { bidRequestId: number }) {
  return <ComparisonMatrix kind="bid_request" id={bidRequestId} />;
}

export default function Bids() {
  return <BidsSection Comparison={BidComparison} />;
}
