import { fileURLToPath } from "node:url";

export const REPO_ROOT = fileURLToPath(new URL("../../..", import.meta.url));
export const SCREENSHOTS_DIR = fileURLToPath(new URL("../../../screenshots", import.meta.url));
