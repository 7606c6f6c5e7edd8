import { describe, expect, test } from "vitest";
import { notificationErrors } from "../../scripts/lib/notification-checks.ts";
import type { SurveyConfig } from "../../src/generated/survey-config.ts";

const survey = (notifications: SurveyConfig["notifications"]) => ({ id: "s", route: "/s", table: "s", language: "es", pageTitle: "S", professionalName: "X", questions: [], notifications }) as SurveyConfig;

describe("notificationErrors", () => {
  test("a name used by two channels is refused at the second", () => {
    const errors = notificationErrors(survey({ owner: "a@b.co", email: [{ name: "crm", to: ["a@b.co"], send: "each" }], webhooks: [{ name: "crm", url: "https://x.example/h" }] }));
    expect(errors).toEqual([{ pointer: "/notifications/webhooks/0/name", message: expect.stringContaining('"crm" already names /notifications/email/0') }]);
  });

  test("the owner's channel name is refused", () => {
    expect(notificationErrors(survey({ owner: "a@b.co", webhooks: [{ name: "owner", url: "https://x.example/h" }] }))[0]!.message).toContain('"owner" is the name of the owner\'s alerts');
  });

  test("distinct names, and a survey without notifications, pass", () => {
    expect(notificationErrors(survey({ owner: "a@b.co", email: [{ name: "cada", to: ["a@b.co"], send: "each" }], webhooks: [{ name: "crm", url: "https://x.example/h" }] }))).toEqual([]);
    expect(notificationErrors(survey(undefined))).toEqual([]);
  });
});
