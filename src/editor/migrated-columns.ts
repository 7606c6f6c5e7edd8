/** The columns migrations already create for the open survey's table: the ids of their questions are locked. */
import { createContext } from "react";

export const MigratedColumnsContext = createContext<ReadonlySet<string>>(new Set());
