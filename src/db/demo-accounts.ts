/**
 * The demo sign-ins, the same on every machine. Shown on the login screen only in demo mode
 * (embedded database seeded with the demo organisation) and listed in the README.
 */
export const DEMO_PASSWORD = "demo123";

export const DEMO_ACCOUNTS = [
  {
    role: "admin",
    signIn: "admin",
    email: "admin@example.com",
    password: "admin123",
    firstName: "Aisha",
    lastName: "Rasheed",
  },
  {
    role: "purchase_team",
    signIn: "purchase@example.com",
    email: "purchase@example.com",
    password: DEMO_PASSWORD,
    firstName: "Peter",
    lastName: "Lindqvist",
  },
  {
    role: "procurement_manager",
    signIn: "manager@example.com",
    email: "manager@example.com",
    password: DEMO_PASSWORD,
    firstName: "Maria",
    lastName: "Gonzalez",
  },
  {
    role: "cost_finance_controller",
    signIn: "finance@example.com",
    email: "finance@example.com",
    password: DEMO_PASSWORD,
    firstName: "Farid",
    lastName: "Haddad",
  },
  {
    role: "vendor",
    signIn: "vendor@example.com",
    email: "vendor@example.com",
    password: DEMO_PASSWORD,
    firstName: "Victor",
    lastName: "Chen",
  },
  {
    role: "vendor",
    signIn: "vendor2@example.com",
    email: "vendor2@example.com",
    password: DEMO_PASSWORD,
    firstName: "Nadia",
    lastName: "Ibrahim",
  },
] as const;
