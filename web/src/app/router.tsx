/**
 * Auth state picks the route set (spec section 2): signed out (also while the current-user call is
 * loading) or signed in. Only the landing and sign-in pages are in the entry chunk.
 */
import { lazy, Suspense } from "react";
import { Redirect, Route, Switch } from "wouter";
import { PageSpinner } from "../components/page-spinner.tsx";
import { useCurrentUser } from "../hooks/use-current-user.ts";
import { i18n } from "../lib/i18n.ts";
import { LoginPage } from "../features/auth/components/login-page.tsx";
import { LandingPage } from "../features/landing/components/landing-page.tsx";
import { NotFoundPage } from "../components/not-found-page.tsx";
import { FIRST_SCREEN_NAMESPACES } from "./first-screen.ts";

const VendorRegistrationPage = lazy(() =>
  import("../features/vendor-registration/components/vendor-registration-page.tsx")
);
const SetPasswordPage = lazy(() => import("../features/set-password/components/set-password-page.tsx"));
const Dashboard = lazy(() => import("./dashboard.tsx"));
const VendorManagementPage = lazy(() => import("./vendors.tsx").then((m) => ({ default: m.VendorManagementPage })));
const QuotationManagementPage = lazy(() => import("../features/quotations/components/quotation-management-page.tsx"));
const ReportsPage = lazy(() => import("./reports.tsx").then((m) => ({ default: m.ReportsPage })));
const BudgetsPage = lazy(() => import("../features/budgets/components/budgets-page.tsx"));
const PurchaseOrdersPage = lazy(() => import("../features/purchase-orders/components/purchase-orders-page.tsx"));
const PurchaseOrderPage = lazy(() =>
  import("../features/purchase-orders/components/purchase-orders-page.tsx").then((m) => ({
    default: m.PurchaseOrderPage,
  }))
);

function SignedOutRoutes({ loading }: { loading: boolean }) {
  return (
    <Switch>
      <Route path="/" component={LandingPage} />
      <Route path="/login" component={LoginPage} />
      <Route path="/vendor-registration" component={VendorRegistrationPage} />
      <Route path="/vendor/register" component={VendorRegistrationPage} />
      <Route path="/set-password" component={SetPasswordPage} />
      {/* While auth is loading a signed-in path is not yet known to be missing. */}
      <Route>{loading ? <PageSpinner /> : <NotFoundPage />}</Route>
    </Switch>
  );
}

function SignedInRoutes() {
  return (
    <Switch>
      <Route path="/" component={Dashboard} />
      <Route path="/dashboard" component={Dashboard} />
      <Route path="/vendor-management" component={VendorManagementPage} />
      <Route path="/quotation-management" component={QuotationManagementPage} />
      <Route path="/reports" component={ReportsPage} />
      <Route path="/budgets" component={BudgetsPage} />
      <Route path="/purchase-orders" component={PurchaseOrdersPage} />
      <Route path="/purchase-orders/:id" component={PurchaseOrderPage} />
      {/* The approval email's link may be opened in a browser where someone is signed in. */}
      <Route path="/set-password" component={SetPasswordPage} />
      {/* Just signed in on /login: go home rather than flash a 404. */}
      <Route path="/login">
        <Redirect to="/" replace />
      </Route>
      <Route component={NotFoundPage} />
    </Switch>
  );
}

/**
 * The signed-in first screen's pieces, asked for together as soon as the session is known: the
 * dashboard shell, the inbox section and the text they use would otherwise load one after the
 * other, each found only when the one before rendered (a round trip each on a slow network).
 */
let warmed = false;
function warmFirstScreen() {
  if (warmed) return;
  warmed = true;
  void import("./dashboard.tsx");
  void import("../features/inbox/components/inbox-section.tsx");
  if (FIRST_SCREEN_NAMESPACES.length) void i18n.loadNamespaces([...FIRST_SCREEN_NAMESPACES]);
}

export function AppRouter() {
  const { data: user, isPending } = useCurrentUser();
  if (user) warmFirstScreen();
  return (
    <Suspense fallback={<PageSpinner />}>
      {user ? <SignedInRoutes /> : <SignedOutRoutes loading={isPending} />}
    </Suspense>
  );
}
