/** A user's own notification choices (Settings). Account emails (sign-in links, decisions) are always sent. */
import { z } from "zod";

export const preferencesSchema = z.object({
  emailNotifications: z.boolean({ error: "emailNotifications must be true or false" }),
  opportunityEmails: z.boolean({ error: "opportunityEmails must be true or false" }),
  deadlineReminders: z.boolean({ error: "deadlineReminders must be true or false" }),
});

export type Preferences = z.infer<typeof preferencesSchema>;

export const DEFAULT_PREFERENCES: Preferences = {
  emailNotifications: true,
  opportunityEmails: true,
  deadlineReminders: true,
};
