/** The team's schema and roles, apart so that every team-*-sql.ts module can import them without a cycle through team-sql.ts. */
export const TEAM_SCHEMA = "team";
export const TEAM_ROLES = ["viewer", "analyst", "owner"] as const;
export type TeamRole = (typeof TEAM_ROLES)[number];
