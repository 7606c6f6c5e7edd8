import type { Member } from "./members.ts";

/** One member on one line, as the team's tools print it. */
export const describeMember = (member: Member) => `${member.email}  ${member.role}${member.personal ? "  + dados pessoais" : ""}`;
