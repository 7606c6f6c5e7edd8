import { createHash } from "node:crypto";
import { describe, expect, test } from "vitest";
import { headersFor } from "../../../scripts/security-headers/headers-file.ts";
import { headerRules } from "../../../scripts/security-headers/host-files.ts";
import { moveStyleAttributes } from "../../../scripts/security-headers/style-attributes.ts";
import { contentSecurityPolicy, frameAncestorsFrom, inlineHashes, renderedStyleHashes, withScriptlessPolicy } from "../../../scripts/security-headers/policy.ts";

const hash = (text: string) => `'sha256-${createHash("sha256").update(text).digest("base64")}'`;
const page = (script: string) => `<html><head><style>p{color:red}</style><script>${script}</script></head><body><script type="module" src="/assets/a.js"></script></body></html>`;
const csp = (headers: Record<string, string>) => headers["Content-Security-Policy"];

describe("contentSecurityPolicy", () => {
  test("allows the page's own files, its inline code by hash, the data API's origin, and nothing inline wholesale", () => {
    const policy = contentSecurityPolicy(inlineHashes(page("go()")), { supabaseUrl: "https://abc.supabase.co/" });
    expect(policy).toBe(
      `default-src 'none'; script-src 'self' ${hash("go()")}; style-src 'self' ${hash("p{color:red}")}; connect-src 'self' https://abc.supabase.co; ` +
        "img-src 'self' data:; object-src 'none'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'",
    );
  });

  test("lets the sites FRAME_ANCESTORS names embed the page, and refuses a value that is not an address", () => {
    expect(contentSecurityPolicy({ scripts: [], styles: [] }, { frameAncestors: frameAncestorsFrom("https://equipe.example.com https://b.example:8443/x") })).toContain(
      "frame-ancestors https://equipe.example.com https://b.example:8443",
    );
    expect(frameAncestorsFrom(undefined)).toEqual([]);
    expect(() => frameAncestorsFrom("'self';script-src")).toThrow(/FRAME_ANCESTORS/);
    expect(() => frameAncestorsFrom("javascript:alert(1)")).toThrow(/https/);
  });

  test("finds the fixed text of a <style> a built chunk renders", () => {
    expect(renderedStyleHashes('x=(0,k.jsx)(`style`,{dangerouslySetInnerHTML:{__html:`[data-v]{a:b}`},nonce:r})')).toEqual([hash("[data-v]{a:b}")]);
  });
});

describe("headerRules", () => {
  const rules = headerRules([{ path: "/", html: page("one()") }, { path: "/other", html: page("two()") }, { html: page("three()") }], [], {});

  test("gives each page the policy of its own inline code, and any other path one that allows every page's", () => {
    expect(csp(headersFor(rules, "/"))).toContain(`script-src 'self' ${hash("one()")};`);
    expect(csp(headersFor(rules, "/other/"))).toContain(`script-src 'self' ${hash("two()")};`);
    expect(csp(headersFor(rules, "/missing"))).toContain(`script-src 'self' ${hash("one()")} ${hash("two()")} ${hash("three()")};`);
  });

  test("sends the security headers on every path", () => {
    expect(headersFor(rules, "/assets/a.js")).toMatchObject({ "X-Content-Type-Options": "nosniff", "Referrer-Policy": "strict-origin-when-cross-origin" });
  });
});

describe("withScriptlessPolicy", () => {
  test("declares, first in <head>, a policy under which no script runs and only the page's stylesheet applies", () => {
    const html = withScriptlessPolicy('<head><meta charset="utf-8"><style>p{}</style></head>');
    expect(html).toBe(`<head><meta charset="utf-8">\n<meta http-equiv="Content-Security-Policy" content="default-src 'none'; style-src ${hash("p{}")}; img-src data:; base-uri 'none'; form-action 'none'"><style>p{}</style></head>`);
  });

  test("refuses a page that holds a script", () => {
    expect(() => withScriptlessPolicy('<meta charset="utf-8"><script src="x.js"></script>')).toThrow(/script/);
  });
});

describe("moveStyleAttributes", () => {
  test("turns each style attribute of the body into a rule of the page's stylesheet, the same style once", () => {
    const html = '<head><style>p{}</style></head><body><input style="opacity:0;font-family:&quot;A&quot;"><i style="opacity:0;font-family:&quot;A&quot;"></i><b style="margin:0"></b></body>';
    expect(moveStyleAttributes(html)).toBe(
      '<head><style>p{}[data-prerendered-style="0"]{opacity:0;font-family:"A"}[data-prerendered-style="1"]{margin:0}</style></head>' +
        '<body><input data-prerendered-style="0"><i data-prerendered-style="0"></i><b data-prerendered-style="1"></b></body>',
    );
  });
});
