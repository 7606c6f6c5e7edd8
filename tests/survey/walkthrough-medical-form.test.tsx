// @vitest-environment jsdom
import "../support/jsdom.ts";
import { describeWalkthrough } from "../support/walkthrough.tsx";

describeWalkthrough("/");
