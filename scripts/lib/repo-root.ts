/** The repository's root folder, with a trailing slash; a module of its own so that a command reads it without loading ajv. */
import { fileURLToPath } from "node:url";

export const REPO_ROOT = fileURLToPath(new URL("../../", import.meta.url));
