/** The profile section with the vendor's category subscriptions and the password-change form inside it. */
import ProfileSection from "../../features/profile/components/profile-section.tsx";
import { ChangePasswordForm } from "../../features/password-change/components/change-password-form.tsx";
import { SubscriptionsPanel } from "../../features/subscriptions/components/subscriptions-panel.tsx";

export default function Profile() {
  return <ProfileSection SubscriptionsPanel={SubscriptionsPanel} ChangePasswordForm={ChangePasswordForm} />;
}
