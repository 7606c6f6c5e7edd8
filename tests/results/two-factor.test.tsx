// @vitest-environment jsdom
import "../support/jsdom.ts";
/**
 * The results site's second factor (TOTP through supabase-js's auth.mfa).
 * Supabase Auth cannot run on this machine, so auth.mfa is replaced by a
 * recording stand-in with the shapes supabase-js returns; what the database
 * does with aal1 and aal2 tokens is tested through PostgREST in
 * tests/integration/results-access.test.ts.
 */
import { fireEvent, render, screen, waitFor } from "@testing-library/react";
import { beforeEach, describe, expect, test, vi } from "vitest";
import type { Member } from "../../src/results/me.ts";
import { needsSecondFactor, TwoFactor } from "../../src/results/two-factor.tsx";
import { ptBR } from "../../src/results/words/pt-br.ts";

const mfa = vi.hoisted(() => ({
  listFactors: vi.fn(),
  enroll: vi.fn(),
  unenroll: vi.fn(),
  challengeAndVerify: vi.fn(),
}));
vi.mock("../../src/results/supabase.ts", () => ({ supabase: { auth: { mfa } } }));

const w = ptBR.twoFactor;
const factor = (id: string, status: "verified" | "unverified") => ({ id, status, factor_type: "totp", friendly_name: "Resultados" });

beforeEach(() => {
  for (const call of Object.values(mfa)) call.mockReset();
  mfa.unenroll.mockResolvedValue({ data: {}, error: null });
  mfa.enroll.mockResolvedValue({ data: { id: "new-factor", type: "totp", totp: { qr_code: "data:image/svg+xml;utf-8,<svg/>", secret: "JBSWY3DPEHPK3PXP", uri: "otpauth://totp/x" } }, error: null });
  mfa.challengeAndVerify.mockResolvedValue({ data: {}, error: null });
});

describe("who is asked for a second factor", () => {
  const member: Member = { email: "ana@equipe.test", role: "analyst", personal: true, aal: "aal1", surveys: [{ id: "medical-form", needsAal2: true }, { id: "foreign-form", needsAal2: false }] };
  test("a member with the personal-data grant, on a survey that asks for aal2, signed in with aal1", () => {
    expect(needsSecondFactor(member, "medical-form")).toBe(true);
  });
  test("nobody else: the survey does not ask, the session is already aal2, or the member has no grant (they see no personal data anyway)", () => {
    expect(needsSecondFactor(member, "foreign-form")).toBe(false);
    expect(needsSecondFactor({ ...member, aal: "aal2" }, "medical-form")).toBe(false);
    expect(needsSecondFactor({ ...member, personal: false }, "medical-form")).toBe(false);
  });
});

describe("the second factor panel", () => {
  test("without a factor: enrol (an unconfirmed one is removed first), scan the QR code or type the key, confirm a code", async () => {
    mfa.listFactors.mockResolvedValue({ data: { all: [factor("stale", "unverified")], totp: [], phone: [] }, error: null });
    render(<TwoFactor words={ptBR} />);
    expect(screen.getByRole("heading", { name: w.heading })).toBeVisible();
    fireEvent.click(await screen.findByRole("button", { name: w.enrol }));
    expect(await screen.findByRole("img", { name: w.qr })).toHaveAttribute("src", expect.stringContaining("data:image/svg+xml"));
    expect(screen.getByText("JBSWY3DPEHPK3PXP")).toBeVisible();
    expect(mfa.unenroll).toHaveBeenCalledWith({ factorId: "stale" });
    expect(mfa.enroll).toHaveBeenCalledWith({ factorType: "totp", friendlyName: "Resultados" });
    fireEvent.change(screen.getByLabelText(w.code), { target: { value: "123 456" } });
    fireEvent.click(screen.getByRole("button", { name: w.verify }));
    await waitFor(() => expect(mfa.challengeAndVerify).toHaveBeenCalledWith({ factorId: "new-factor", code: "123456" }));
    expect(screen.queryByRole("alert")).toBeNull();
  });

  test("with a verified factor: the code at once, no enrolment; a wrong code says why and can be typed again", async () => {
    mfa.listFactors.mockResolvedValue({ data: { all: [factor("mine", "verified")], totp: [factor("mine", "verified")], phone: [] }, error: null });
    mfa.challengeAndVerify.mockResolvedValueOnce({ data: null, error: { message: "Invalid TOTP code entered" } });
    render(<TwoFactor words={ptBR} />);
    const code = await screen.findByLabelText(w.code);
    expect(screen.queryByRole("button", { name: w.enrol })).toBeNull();
    fireEvent.change(code, { target: { value: "000000" } });
    fireEvent.click(screen.getByRole("button", { name: w.verify }));
    expect(await screen.findByRole("alert")).toHaveTextContent("Invalid TOTP code entered");
    fireEvent.change(code, { target: { value: "654321" } });
    fireEvent.click(screen.getByRole("button", { name: w.verify }));
    await waitFor(() => expect(screen.queryByRole("alert")).toBeNull());
    expect(mfa.challengeAndVerify).toHaveBeenLastCalledWith({ factorId: "mine", code: "654321" });
  });
});
