/** The signed-in member as results_me() describes them; null for a signed-in stranger. */
export type Role = "viewer" | "analyst" | "owner";

export interface Member {
  email: string;
  role: Role;
  personal: boolean;
  aal: string;
  /** The one segment an owner limited this viewer to (segments-sql.ts); null when not limited. */
  segment?: string | null;
  surveys: { id: string; needsAal2: boolean }[];
}

const RANK: Record<Role, number> = { viewer: 0, analyst: 1, owner: 2 };
export const atLeast = (member: Member, role: Role) => RANK[member.role] >= RANK[role];
