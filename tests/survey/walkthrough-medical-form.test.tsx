// @vitest-environment jsdom
import "../support/jsdom.ts";
import { describeWalkthrough } from "../support/walkthrough.tsx";

describeWalkthrough("/", { ready: "Pressione Enter para continuar", blocked: "Complete o campo para prosseguir" });
